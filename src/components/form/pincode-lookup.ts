/**
 * The browser's side of an address fill: a complete pincode → its city and state, asked of
 * GET /api/pincodes/lookup through the one HTTP client. Each code is asked once per page (the
 * answer, found or not, is kept), and only complete codes are asked at all, so typing a pincode
 * costs one request, never one per keystroke.
 */
import { api, ApiError } from '@/lib/http/client.ts';
import { PINCODE_LOOKUP_PATH, type PincodeLookup } from '@/lib/india/pincode-lookup.ts';

const answers = new Map<string, Promise<PincodeLookup | null>>();

/** The pincode's record, city and state; null when no such pincode is known. A failure (offline) is not kept: asked again next time. */
export function lookUpPincode(code: string): Promise<PincodeLookup | null> {
  let answer = answers.get(code);
  if (!answer) {
    answer = api.get<{ data: PincodeLookup }>(PINCODE_LOOKUP_PATH, { code }).then(
      (res) => res.data,
      (error: unknown) => {
        if (error instanceof ApiError && (error.status === 404 || error.status === 422)) return null;
        answers.delete(code);
        throw error;
      },
    );
    answers.set(code, answer);
  }
  return answer;
}
