/**
 * The table's state lives in the URL (list-url.ts), so its controls are plain links and GET forms
 * that work in the server's HTML before the island hydrates. Once it has, a plain click is turned
 * into the table's own navigation (pushState, a fetch of the rows, no page load); a click with a
 * modifier (new tab, new window) is left to the browser.
 */
import type { MouseEvent } from 'react';

/** True when the click was a plain left click, which the island then handles instead of the browser. */
export function takeOver(e: MouseEvent<HTMLAnchorElement>): boolean {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  e.preventDefault();
  return true;
}

/** The rest of the table state carried by a GET form (the search box, rows per page). */
export function HiddenFields({ params }: { params: URLSearchParams }) {
  return (
    <>
      {[...params].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}
