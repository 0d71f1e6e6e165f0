import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { listSessions } from '@/features/profile/profile.service.server.ts';

/** The signed-in user's sessions (devices), newest activity first. */
export const GET = endpoint(async ({ locals }) => json({ data: await listSessions(db(), locals.realPrincipal!.user.id, locals.session!.id) }));
