/**
 * The page's first script, inline and tiny, so that no press on the top bar is lost while the
 * shell script (a module, run after parsing) is still on its way:
 * - a press on a shell control (`data-action`: menu, settings, search, dark mode, right panel…)
 *   is noted, and the shell script replays it when it starts (shell-behaviour.ts);
 * - Search opens its dialog and focuses the field here and now, inside the tap: phones open the
 *   keyboard only for a field focused during the gesture.
 * Links (the bell) and forms (Log out) need nothing: they work without JavaScript.
 * Its text is hashed into the page's CSP by the layout (it is not bundled by Astro).
 */
export const EARLY_CLICKS_SCRIPT = `(() => {
  const early = { pressed: [], started: false, searchOpener: null };
  window.__earlyShell = early;
  document.addEventListener('click', (event) => {
    if (early.started || !(event.target instanceof Element)) return;
    const control = event.target.closest('[data-action]');
    if (!control) return;
    if (control.getAttribute('data-action') === 'search') {
      const dialog = document.getElementById('search-dialog');
      if (dialog && !dialog.open) {
        early.searchOpener = control;
        dialog.showModal();
        document.getElementById('search-input').focus();
      }
      return;
    }
    early.pressed.push(control);
  }, true);
})();`;

/** What the inline script leaves for the shell script. */
export interface EarlyShell {
  pressed: Element[];
  started: boolean;
  /** The control that opened the search before the shell script ran. */
  searchOpener: HTMLElement | null;
}
