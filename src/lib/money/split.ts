/**
 * An amount in paise split over parts in proportion to their weights, by largest remainder: the
 * parts add up to the amount exactly, none exceeds its weight, and the same input always gives the
 * same split (ties of remainder go to the earlier part). Used for a refund spread over a sub-order's
 * lines (what each has left unrefunded: src/app/money/order-earnings.server.ts) and for a capped
 * promotion spread over its lines (their bases: src/features/promotions/promotion-rules.ts).
 * No server imports.
 */

const checkWhole = (name: string, v: number) => {
  if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number`);
};

/** `amountPaise` split over `weights` (paise each, e.g. what each line has left); the amount must not exceed their sum. */
export function splitByLargestRemainder(amountPaise: number, weights: readonly number[]): number[] {
  checkWhole('amount', amountPaise);
  weights.forEach((w, i) => checkWhole(`weights.${i}`, w));
  const total = weights.reduce((a, b) => a + b, 0);
  if (amountPaise > total) throw new RangeError(`amount ${amountPaise} exceeds the weights' sum (${total})`);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(w) * BigInt(amountPaise));
  const parts = exact.map((n) => Number(n / BigInt(total)));
  let left = amountPaise - parts.reduce((a, b) => a + b, 0);
  // The paise left over go to the largest remainders (ties: the earlier part).
  const order = exact.map((n, i) => ({ i, rem: n % BigInt(total) })).sort((a, b) => (a.rem === b.rem ? a.i - b.i : a.rem > b.rem ? -1 : 1));
  for (const { i } of order) {
    if (left === 0) break;
    if (parts[i]! < weights[i]!) {
      parts[i]! += 1;
      left -= 1;
    }
  }
  return parts;
}
