/**
 * Giving the focus back to the control that opened a dialog (WCAG 2.4.3), for every dialog of the
 * app: the kit's <Dialog> (Headless UI), the native <dialog>s of the shell (search, right panel).
 *
 * Why not leave it to Headless UI: it restores to the last element it saw pressed, and it only
 * starts watching when its module loads — which is on a dialog's first opening, after the click
 * that opened it. So the first dialog of a page gave the focus to nothing. Safari does not focus a
 * button that is clicked either, so `document.activeElement` alone is not the opener there.
 */
let lastPressed: Element | null = null;
/** Counts the person's presses and keys: a focus given back later must not undo one of theirs. */
let inputs = 0;
let tracking = false;

const focusableSelector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';

/** Notes the control each press lands on. Idempotent; the shell script starts it with the page. */
export function trackPressedControls(): void {
  if (tracking || typeof document === 'undefined') return;
  tracking = true;
  const note = (e: Event) => {
    inputs++;
    if (e.target instanceof Element) lastPressed = e.target.closest(focusableSelector) ?? lastPressed;
  };
  document.addEventListener('pointerdown', note, true);
  document.addEventListener('click', note, true);
  document.addEventListener('keydown', () => inputs++, true);
}

/** The control opening a dialog now: the focused one, or else the one last pressed. */
export function currentOpener(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return active;
  return lastPressed instanceof HTMLElement && lastPressed.isConnected ? lastPressed : null;
}

/** Where the focus goes back to: the opener, or the button of the menu it sat in if that menu has closed since (Log out). */
function returnTarget(opener: HTMLElement): HTMLElement | null {
  const menu = opener.closest('details');
  return menu && !menu.open ? menu.querySelector<HTMLElement>(':scope > summary') : opener;
}

/** Focuses the opener again at once (a native <dialog> that has just closed). */
export function returnFocusTo(opener: HTMLElement | null): void {
  if (opener?.isConnected) returnTarget(opener)?.focus();
}

/**
 * Focuses the opener again once a dialog has gone, after any library's own attempt (Headless UI
 * restores in a microtask on unmount, to its guess), unless the person has pressed or typed
 * something since: their choice stands. An opener that is gone (a deleted row) gets nothing.
 */
export function returnFocusAfterUnmount(opener: HTMLElement | null): void {
  if (!opener) return;
  const inputsAtClose = inputs;
  requestAnimationFrame(() => {
    if (inputs === inputsAtClose) returnFocusTo(opener);
  });
}
