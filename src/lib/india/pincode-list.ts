/**
 * A list of pincodes as people paste it: one per line, or several on a line separated by commas,
 * semicolons or tabs ("560 001" is one pincode). Every entry keeps its line number, so each
 * mistake is reported on its own line. Shared by the form (instant feedback) and the server.
 */
export interface PincodeEntry {
  line: number;
  text: string;
}

export const PINCODE_PATTERN = /^[1-9]\d{5}$/;

/** How many line errors are listed before "…and N more". */
export const MAX_LINE_ERRORS = 20;

/** Every entry of the text, in order, with its line number (blank lines skipped). */
export function pincodeEntries(text: string): PincodeEntry[] {
  const entries: PincodeEntry[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    for (const part of raw.split(/[,;\t]/)) {
      const trimmed = part.trim();
      if (!trimmed) continue;
      // "560 001" and "560-001" are one pincode written in two halves; "560001 560002" are two.
      const halves = /^(\d{3})[\s-](\d{3})$/.exec(trimmed);
      const tokens = halves ? [`${halves[1]}${halves[2]}`] : trimmed.split(/\s+/);
      for (const text of tokens) entries.push({ line: i + 1, text });
    }
  });
  return entries;
}

/** "Line 3: “56001” is not a pincode…" for each malformed entry, at most MAX_LINE_ERRORS and a count of the rest. */
export function lineErrors(bad: PincodeEntry[], why: (entry: PincodeEntry) => string): string[] {
  const shown = bad.slice(0, MAX_LINE_ERRORS).map((e) => `Line ${e.line}: ${why(e)}`);
  const more = bad.length - shown.length;
  return more > 0 ? [...shown, `…and ${more} more ${more === 1 ? 'line' : 'lines'} with errors.`] : shown;
}

export const malformedPincode = (e: PincodeEntry) => `“${e.text.slice(0, 40)}” is not a pincode (six digits, not starting with 0).`;

/** The distinct well-formed pincodes, in the order given. */
export function distinctPincodes(entries: PincodeEntry[]): string[] {
  return [...new Set(entries.filter((e) => PINCODE_PATTERN.test(e.text)).map((e) => e.text))];
}
