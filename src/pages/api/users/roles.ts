/** GET /api/users/roles: the roles a user can be given (the users form's role picker). Needs users:list. */
import { db } from '@/lib/boot.server.ts';
import { endpoint, json } from '@/lib/http/api.server.ts';
import { roleOptions } from '@/features/users/user-invitations.server.ts';

export const GET = endpoint(async () => json({ data: await roleOptions(db()) }));
