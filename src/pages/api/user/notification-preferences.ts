/**
 * GET|PUT /api/user/notification-preferences: which kinds of notification the signed-in account
 * (the impersonated one while impersonating, as /profile) also gets by mail. Every notification
 * shows in the back-office; `mail` lists the kinds to mail as well. The change is logged.
 */
import type { APIContext } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readInput } from '@/lib/http/api.server.ts';
import { notificationPreferencesSchema } from '@/lib/notifications/kinds.ts';
import { preferencesOf, savePreferences } from '@/lib/notifications/preferences.server.ts';
import { HttpError } from '@/lib/http/errors.ts';

const userOf = (context: APIContext) => context.locals.principal!.user;

export const GET = endpoint(async (context) => json({ data: await preferencesOf(db(), userOf(context)) }));

export const PUT = endpoint(async (context) => {
  const input = await readInput(context.request, notificationPreferencesSchema);
  const user = userOf(context);
  const offered = new Set((await preferencesOf(db(), user)).map((k) => k.key));
  const foreign = input.mail.filter((k) => !offered.has(k));
  if (foreign.length)
    throw new HttpError(422, 'This account does not receive some of these kinds.', { mail: [`Not for this account: ${foreign.join(', ')}.`] });
  const data = await db().transaction((tx) => savePreferences(tx, user, input.mail, context.locals.actor));
  return json({ message: 'Notification preferences saved.', data });
});
