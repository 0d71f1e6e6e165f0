/** Profile forms: one schema shared by the islands and the API. */
import { z } from 'zod';
import { indianMobile } from '@/lib/india/formats.ts';

/** A 10-digit Indian mobile number, stored as +91XXXXXXXXXX (spec §9); one rule for the whole product. */
export { indianMobile };

export const profileSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter your name.').max(120, 'At most 120 characters.'),
  email: z.string().trim().toLowerCase().max(254).email('Enter a valid email address.'),
  phone: z.union([z.literal(''), indianMobile], { error: 'Enter a 10-digit mobile number starting with 6, 7, 8 or 9.' }).optional(),
  avatar: z.unknown().optional(),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const passwordChangeSchema = z
  .strictObject({
    current_password: z.string().min(1, 'Enter your current password.').max(256),
    password: z
      .string()
      .min(8, 'The password must be at least 8 characters.')
      .max(256, 'At most 256 characters.')
      .regex(/[A-Za-z]/, 'The password must contain a letter.')
      .regex(/\d/, 'The password must contain a digit.'),
    password_confirmation: z.string().max(256),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' });

export const accountDeletionSchema = z.strictObject({
  phone: indianMobile,
});
