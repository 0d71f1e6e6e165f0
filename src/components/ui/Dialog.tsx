/**
 * The dialog primitive (Headless UI): focus is trapped inside, Escape and a click outside
 * close it, focus returns to the control that opened it (lib/focus/opener.ts: noted when `open`
 * turns true, given back when the dialog has gone). 150 ms animation (spec §9), modal layer 1100.
 * `position="right"` makes it a full-height panel sliding in from the right.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Icon } from './Icon.tsx';
import { iconX } from './icons.ts';
import { iconButtonClass } from './styles.ts';
import { currentOpener, returnFocusAfterUnmount, trackPressedControls } from '@/lib/focus/opener.ts';

trackPressedControls();

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, right-aligned under the content. */
  footer?: ReactNode;
  position?: 'center' | 'right';
  /** Width of a centred dialog. */
  size?: 'sm' | 'md' | 'lg';
  /** Extra classes for the panel. */
  panelClassName?: string;
  /** Replaces the width of a centred dialog (default: full width up to `size`). */
  widthClassName?: string;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Hide the × button (the footer then must offer a way out). */
  hideClose?: boolean;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' };

/**
 * The control that opened the dialog, noted while rendering the opening (before Headless UI moves
 * the focus into the panel, which happens in its effects).
 */
function useOpener(open: boolean): RefObject<HTMLElement | null> {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = currentOpener();
  wasOpen.current = open;
  return opener;
}

/** Rendered inside the panel: unmounts when the dialog has finished closing, and gives the focus back then. */
function FocusReturn({ opener }: { opener: RefObject<HTMLElement | null> }) {
  useEffect(() => () => returnFocusAfterUnmount(opener.current), [opener]);
  return null;
}

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  position = 'center',
  size = 'md',
  panelClassName = '',
  widthClassName,
  initialFocus,
  hideClose,
}: DialogProps) {
  const right = position === 'right';
  const opener = useOpener(open);
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-[1100]" initialFocus={initialFocus}>
      <DialogBackdrop transition className="fixed inset-0 bg-black/40 transition-opacity duration-150 ease-out data-closed:opacity-0" />
      <div className={right ? 'fixed inset-0 flex justify-end' : 'fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[12vh]'}>
        <DialogPanel
          transition
          className={
            right
              ? `flex h-dvh w-full max-w-sm flex-col bg-surface-0 text-surface-900 shadow-2xl transition duration-150 ease-out data-closed:translate-x-full dark:bg-surface-900 dark:text-surface-0 ${panelClassName}`
              : `${widthClassName ?? `w-full ${SIZES[size]}`} rounded-2xl border border-surface-200 bg-surface-0 text-surface-900 shadow-2xl transition duration-150 ease-out data-closed:scale-95 data-closed:opacity-0 dark:border-surface-700 dark:bg-surface-900 dark:text-surface-0 ${panelClassName}`
          }
        >
          <FocusReturn opener={opener} />
          <div className={`flex items-start justify-between gap-4 ${right ? 'border-b border-surface-200 px-5 py-4 dark:border-surface-800' : 'px-6 pt-5'}`}>
            <div className="min-w-0">
              <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
              {description && <Description className="mt-1 text-sm text-surface-600 dark:text-surface-300">{description}</Description>}
            </div>
            {!hideClose && (
              <button type="button" onClick={onClose} className={`${iconButtonClass} -mt-1 -mr-2 size-9`} aria-label="Close">
                <Icon svg={iconX} />
              </button>
            )}
          </div>
          {children ? <div className={right ? 'flex-1 overflow-y-auto px-5 py-4' : 'px-6 py-4'}>{children}</div> : <div className={right ? 'flex-1' : 'h-4'} />}
          {footer && (
            <div className={`flex flex-wrap justify-end gap-2 ${right ? 'border-t border-surface-200 px-5 py-4 dark:border-surface-800' : 'px-6 pb-5'}`}>
              {footer}
            </div>
          )}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  );
}
