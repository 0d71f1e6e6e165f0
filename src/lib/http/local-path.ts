/**
 * A path of this site, from a value a request carried (`next` after sign-in, `return` after a
 * form): where the server may send the browser without it leaving the site. No server imports.
 */

/** A fixed origin to resolve against: any would do, it never leaves this module. */
const HERE = 'http://local-path.invalid';

/**
 * `raw` as a path of this site (path, query and fragment, as the WHATWG URL parser writes them:
 * dot segments resolved, non-ASCII percent-encoded), or undefined when it is not one.
 *
 * The value is read as a browser reads a Location: the parser drops tabs and newlines anywhere
 * and reads `\` as `/`, so `/\t/evil.example` and `/\evil.example` are `//evil.example`, another
 * host. Refused, then: anything not starting with one `/`, any control character (C0, DEL, C1)
 * or backslash in the raw value, anything the parser resolves off this origin, and a result that
 * would itself start with `//` (`/.//evil.example` resolves to the path `//evil.example`).
 */
export function localPath(raw: string | null | undefined): string | undefined {
  if (typeof raw !== 'string' || raw.length > 2048 || !raw.startsWith('/') || /[\u0000-\u001f\u007f-\u009f\\]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, HERE);
  } catch {
    return undefined;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== HERE || !path.startsWith('/') || path.startsWith('//')) return undefined;
  return path;
}
