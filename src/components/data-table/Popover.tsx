/**
 * A small non-modal popover (column filters, the export menu), hand-written instead of Headless
 * UI to keep the list page under its JS budget. Keyboard: the trigger is a button with
 * aria-expanded; opening moves focus into the panel, Tab cycles inside it, Escape closes and
 * returns focus to the trigger; a click outside closes it. The panel is portalled and placed
 * with `position: fixed`, so a scrolling table never clips it.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export interface PopoverProps {
  /** The panel's accessible name. */
  label: string;
  trigger: ReactNode;
  triggerClass: string;
  /** The trigger's own accessible name, when it shows only an icon. */
  triggerLabel?: string;
  children: (close: () => void) => ReactNode;
  width?: number;
}

export function Popover({ label, trigger, triggerClass, triggerLabel, children, width = 320 }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState({ top: 0, left: 0 });
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const r = button.current!.getBoundingClientRect();
      const w = Math.min(width, window.innerWidth - 16);
      setPos({ top: r.bottom + 4, left: Math.max(8, Math.min(r.left, window.innerWidth - w - 8)) });
    };
    place();
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, width]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      const t = e.target as Node;
      if (!panel.current?.contains(t) && !button.current?.contains(t)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'Tab') {
      const items = [...panel.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last?.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first?.focus();
      }
    }
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={triggerClass}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <div
            ref={panel}
            id={id}
            role="dialog"
            aria-label={label}
            onKeyDown={onKeyDown}
            style={{ top: pos.top, left: pos.left, width: Math.min(width, window.innerWidth - 16) }}
            className="fixed z-[1000] rounded-xl border border-surface-200 bg-surface-0 p-3 text-sm text-surface-900 shadow-xl dark:border-surface-700 dark:bg-surface-900 dark:text-surface-0"
          >
            {children(() => close())}
          </div>,
          document.body,
        )}
    </>
  );
}
