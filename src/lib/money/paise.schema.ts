/**
 * The zod schema of an amount typed in a form or sent to the API, kept apart from paise.ts so that
 * islands which only format money (the DataTable) do not pull zod into their page.
 */
import { z } from 'zod';
import { formatPaise, MAX_PAISE, rupeesTextToPaise } from './paise.ts';

const AMOUNT_MESSAGE = 'Enter an amount in rupees, e.g. 1,299.00 (at most two decimals).';

/**
 * An amount in paise from a form (rupees as text) or JSON (an integer of paise): 0 … MAX_PAISE.
 * Forms send rupees because people type rupees; the API speaks paise.
 */
export const paiseSchema = (message: string = AMOUNT_MESSAGE) =>
  z.union([z.number(), z.string()], { error: message }).transform((raw, ctx): number => {
    const paise = typeof raw === 'number' ? (Number.isInteger(raw) ? raw : null) : rupeesTextToPaise(raw);
    if (paise === null || paise < 0 || paise > MAX_PAISE) {
      ctx.addIssue({ code: 'custom', message: paise !== null && paise > MAX_PAISE ? `At most ${formatPaise(MAX_PAISE)}.` : message });
      return z.NEVER;
    }
    return paise;
  });
