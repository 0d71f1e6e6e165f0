import { z } from 'zod';
import { localPath } from '@/lib/http/local-path.ts';

export const loginSchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email.').max(254).email('Enter a valid email address.'),
  password: z.string().min(1, 'Enter your password.').max(256),
  // Only ever a path of this site: anything else (another origin, control characters…) is dropped,
  // and sign-in goes on to /dashboard.
  next: z
    .string()
    .max(2048)
    .optional()
    .transform((v) => localPath(v)),
});

export const resetRequestSchema = z.strictObject({
  email: z.string().trim().min(1, 'Enter your email.').max(254).email('Enter a valid email address.'),
});

export const resetPasswordSchema = z
  .strictObject({
    token: z.string().min(10).max(200),
    password: z.string().max(256),
    password_confirmation: z.string().max(256),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], message: 'The passwords do not match.' });

/** Where to go after sign-in: `next` when it is a path of this site (localPath), else /dashboard. */
export function safeNext(next: string | undefined | null): string {
  return localPath(next) ?? '/dashboard';
}
