/** GET /api/user: the current user (spec §3, §7). POST /api/user: profile update, multipart with upload progress. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, readFormData, parseWith } from '@/lib/http/api.server.ts';
import { currentUser } from '@/features/profile/current-user.server.ts';
import { profileSchema } from '@/features/profile/profile.schema.ts';
import { updateProfile } from '@/features/profile/profile.service.server.ts';
import { loadPrincipal } from '@/lib/auth/principal.server.ts';
import { config } from '@/lib/config.server.ts';

export const GET = endpoint(async ({ locals }) => json(await currentUser(db(), locals)));

export const POST = endpoint(async ({ request, locals }) => {
  const form = await readFormData(request, config().MAX_UPLOAD_BYTES + 64 * 1024);
  const input = parseWith(profileSchema, form);
  const userId = locals.principal!.user.id;
  await updateProfile(db(), userId, input, locals.actor);
  locals.principal = (await loadPrincipal(db(), userId))!;
  if (!locals.session?.impersonatedUserId) locals.realPrincipal = locals.principal;
  return json({ message: 'Profile updated.', data: await currentUser(db(), locals) });
});
