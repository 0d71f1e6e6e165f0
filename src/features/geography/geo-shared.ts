/** What the three geography areas share: their status values and yes/no choices. No server imports. */
import { z } from 'zod';

export const GEO_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;

export const geoStatus = z.enum(['active', 'inactive'], { error: 'Choose Active or Inactive.' }).default('active');

/** A yes/no field: JSON sends a boolean, a form sends "true" or "false". */
export const formBoolean = (message: string) =>
  z.union([z.boolean(), z.enum(['true', 'false'], { error: message }).transform((v) => v === 'true')], { error: message });

/** A reference to another record by id, as a form or JSON sends it. */
export const recordId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
