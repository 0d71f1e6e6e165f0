/**
 * The schema of a delivery zone's pincode list (its PincodeSetField), declared by the area itself:
 * the form kit knows nothing of pincodes.
 */
import { z } from 'zod';
import { distinctPincodes, lineErrors, malformedPincode, pincodeEntries, PINCODE_PATTERN } from '@/lib/india/pincode-list.ts';

/**
 * The pincodes field: pincodes one per line or comma-separated, at least one and at most `max`.
 * Every malformed line is its own error ("Line 3: …"), so the form lists them all; whether each
 * pincode exists is the server's to check (it knows the Pincodes list).
 */
export const pincodeSet = (max: number) =>
  z
    .string('Enter at least one pincode.')
    .max(max * 10, `At most ${max} pincodes.`)
    .superRefine((text, ctx) => {
      const entries = pincodeEntries(text);
      const bad = entries.filter((e) => !PINCODE_PATTERN.test(e.text));
      for (const message of lineErrors(bad, malformedPincode)) ctx.addIssue({ code: 'custom', message });
      if (bad.length) return;
      const count = distinctPincodes(entries).length;
      if (count === 0) ctx.addIssue({ code: 'custom', message: 'Enter at least one pincode.' });
      if (count > max) ctx.addIssue({ code: 'custom', message: `At most ${max} pincodes.` });
    });
