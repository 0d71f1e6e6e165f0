/**
 * The breadcrumb rule of spec §2: the route's configured breadcrumb, or else the path's
 * segments with the numeric ones (record ids) dropped, each capitalised.
 * The layout joins the parts with " / ".
 */
export function breadcrumbFor(pathname: string, configured?: readonly string[] | null): string[] {
  if (configured && configured.length > 0) return [...configured];
  return pathname
    .split('/')
    .filter((s) => s !== '' && !/^\d+$/.test(s))
    .map((s) => {
      let text = s;
      try {
        text = decodeURIComponent(s);
      } catch {
        // A malformed escape stays as typed.
      }
      return text.charAt(0).toUpperCase() + text.slice(1);
    });
}

/** One step of the trail: the pages above the current one link to it (`href`), the last does not. */
export interface Crumb {
  label: string;
  href?: string;
}

export const BREADCRUMB_SEPARATOR = ' / ';
