/** An image URL a person typed (the bulk import's images column): checked before anything is fetched. */
export const MAX_IMAGE_URL_LENGTH = 2_000;

/** Why a URL typed in a file can't be fetched, before any connection: null when it may be. */
export function imageUrlProblem(text: string): string | null {
  if (text.length > MAX_IMAGE_URL_LENGTH) return `the URL is longer than ${MAX_IMAGE_URL_LENGTH.toLocaleString('en-IN')} characters`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'it is not a valid URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'only http and https URLs are fetched';
  if (url.username || url.password) return 'a URL with a user name or password is not fetched';
  return null;
}

/** A cell entry that is a URL rather than a file name: it names a scheme. */
export const looksLikeUrl = (text: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
