/**
 * Markdown → HTML that is safe to put in a page, rendered on the server only (markdown-it never
 * ships to the browser: decision 011). Raw HTML is not rendered but shown as text, so `<script>`
 * or `<img onerror>` come out inert; links may only be http(s), mailto or relative (no
 * `javascript:`, `data:` or other schemes: such a link stays plain text); images are off (an
 * answer can't load or track from another host); attributes are never written from the input.
 */
import MarkdownIt from 'markdown-it';

const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * A link's scheme as a browser reads it: browsers drop tabs and newlines anywhere in a URL and
 * spaces and control characters around it, so `java\tscript:` is `javascript:`.
 */
export function linkScheme(url: string): string | null {
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(cleaned);
  return match ? match[1]!.toLowerCase() : null;
}

export function isAllowedLink(url: string): boolean {
  const scheme = linkScheme(url);
  return scheme === null || ALLOWED_SCHEMES.has(scheme);
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.disable('image');
md.validateLink = isAllowedLink;

/** The HTML of a Markdown text: paragraphs, emphasis, lists, headings, code, quotes, tables and safe links. */
export function renderMarkdown(text: string): string {
  return md.render(text);
}
