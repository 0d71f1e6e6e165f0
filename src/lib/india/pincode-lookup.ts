/**
 * What GET /api/pincodes/lookup?code=560001 answers (the server's src/features/geography/
 * pincode-lookup.server.ts and the form kit's address fill read this one declaration): the pincode's
 * record id, its city and its state. No server imports.
 */
export const PINCODE_LOOKUP_PATH = '/api/pincodes/lookup';

export interface PincodeLookup {
  /** The pincode record's id (a warehouse's `pincode_id`). */
  id: number;
  pincode: string;
  state: { id: number; name: string };
  city: { id: number; name: string };
}

/** The six digits of a complete pincode ("560 001" → "560001"), or null while it isn't one. */
export function completePincode(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^[1-9]\d{5}$/.test(digits) ? digits : null;
}
