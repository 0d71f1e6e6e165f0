/**
 * Leaving a form with unsaved changes asks first, wherever the way out is: a link anywhere on the
 * page (the form's Cancel, the sidebar menu, a breadcrumb, the top bar) asks with the kit's confirm
 * dialog; reloading, closing the tab or typing another address gets the browser's own question
 * (`beforeunload`: a page may not word it). Leaving on purpose (after a save) first calls `release`.
 * No React here: island forms use it through use-leave-guard.ts, server-rendered forms through
 * `guardFormLeaving` (decision 026).
 */
import { askConfirm } from '@/lib/stores/confirm.ts';

export const LEAVE_QUESTION = {
  title: 'Leave without saving?',
  message: 'Your changes on this page have not been saved. If you leave now, they are lost.',
  confirmLabel: 'Discard changes',
  cancelLabel: 'Stay',
} as const;

/**
 * The link a click would follow in this tab, or null when the click isn't a plain navigation away:
 * a new tab or window (modifier keys, middle button, `target`), a download, or a jump within the page.
 */
export function leavingLink(
  event: Pick<MouseEvent, 'target' | 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>,
  here: Location | URL,
): URL | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, here.href);
  if (!/^https?:$/.test(url.protocol)) return null; // mailto:, tel: don't leave the page
  const samePage = url.origin === here.origin && url.pathname === here.pathname && url.search === here.search;
  return samePage && url.hash ? null : url;
}

export interface LeaveGuard {
  /** Leaving from now on doesn't ask (a save is leaving on purpose). */
  release(): void;
  /** Takes the listeners away. */
  dispose(): void;
}

/** Asks before leaving while `isDirty()` says something would be lost. */
export function guardLeaving(isDirty: () => boolean): LeaveGuard {
  let released = false;
  const asking = () => !released && isDirty();
  const onBeforeUnload = (event: BeforeUnloadEvent) => {
    if (!asking()) return;
    event.preventDefault();
    // Older browsers ask only when returnValue is set.
    event.returnValue = '';
  };
  const onClick = (event: MouseEvent) => {
    if (!asking()) return;
    const url = leavingLink(event, location);
    if (!url) return;
    event.preventDefault();
    askConfirm({
      ...LEAVE_QUESTION,
      danger: true,
      onConfirm: () => {
        released = true;
        location.assign(url.href);
      },
    });
  };
  window.addEventListener('beforeunload', onBeforeUnload);
  // Captured on the way down, before the link's own handlers and whatever else listens to clicks.
  document.addEventListener('click', onClick, true);
  return {
    release: () => {
      released = true;
    },
    dispose: () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    },
  };
}

/** What a form would send, as text: two equal snapshots mean nothing changed. */
function snapshot(form: HTMLFormElement): string {
  return JSON.stringify(Array.from(new FormData(form).entries(), ([name, value]) => [name, typeof value === 'string' ? value : `${value.name}:${value.size}`]));
}

/**
 * A server-rendered form (no island) declared with `data-leave-guard`: dirty when what it would
 * send differs from what it showed when the page loaded; submitting it is leaving on purpose.
 */
export function guardFormLeaving(root: ParentNode = document): void {
  root.querySelectorAll<HTMLFormElement>('form[data-leave-guard]').forEach((form) => {
    const start = snapshot(form);
    const guard = guardLeaving(() => snapshot(form) !== start);
    form.addEventListener('submit', () => guard.release());
  });
}
