/** Two-factor sign-in's forms: one schema each, for the pages' no-JavaScript forms (handlePageForm). */
import { z } from 'zod';
import { localPath } from '@/lib/http/local-path.ts';

/** Six digits from the authenticator app; spaces people type between the groups are dropped. */
export const totpCode = z
  .string()
  .max(20)
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the 6-digit code from your app.')
      .regex(/^\d{6}$/, 'Enter the 6-digit code from your app.'),
  );

/** The app's code, or one of the recovery codes (xxxxx-xxxxx): the service tells them apart. */
export const codeOrRecovery = z
  .string()
  .max(40)
  .transform((v) => v.trim())
  .pipe(z.string().min(1, 'Enter the code from your app, or a recovery code.'));

export const startSchema = z.strictObject({});

export const confirmSchema = z.strictObject({ code: totpCode });

export const regenerateSchema = z.strictObject({ code: totpCode });

export const disableSchema = z.strictObject({
  password: z.string().min(1, 'Enter your password.').max(256),
  code: codeOrRecovery,
});

/** The second step of sign-in. */
export const signInCodeSchema = z.strictObject({ code: codeOrRecovery });

/** Where sign-in goes on to after the second step: a path of this site, or /dashboard. */
export const pendingNext = (next: string | null | undefined) => localPath(next) ?? '/dashboard';
