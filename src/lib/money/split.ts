/**
 * Splitting an amount over parts in proportion to their weights, to the paisa, by largest
 * remainder: the parts add up to the amount exactly and none exceeds its weight (so a weight is
 * also a cap). Used by the earnings ledger (a refund over a sub-order's lines) and by discounts (a
 * coupon over its eligible lines). Pure, integer arithmetic (BigInt inside), no server imports.
 */
const checkWhole = (values: Record<string, number>) => {
  for (const [name, v] of Object.entries(values)) if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${name} must be a non-negative whole number`);
};

/**
 * `amountPaise` split over `weights` in proportion: floor of each exact share, then the paise left
 * over one each to the largest remainders (ties: the earlier part), never past a part's weight.
 * The amount must not exceed the weights' sum.
 */
export function splitProportionally(amountPaise: number, weights: readonly number[]): number[] {
  checkWhole({ amountPaise });
  weights.forEach((w, i) => checkWhole({ [`weights.${i}`]: w }));
  const total = weights.reduce((a, b) => a + b, 0);
  if (amountPaise > total) throw new RangeError(`${amountPaise} exceeds the weights' sum (${total})`);
  if (total === 0) return weights.map(() => 0);
  const exact = weights.map((w) => BigInt(w) * BigInt(amountPaise));
  const parts = exact.map((n) => Number(n / BigInt(total)));
  let left = amountPaise - parts.reduce((a, b) => a + b, 0);
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
