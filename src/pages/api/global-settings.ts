/** GET and PUT /api/global-settings (permission global-settings:create): one record for the store. */
import { z } from 'zod';
import { db } from '@/lib/boot.server.ts';
import { endpoint, json, parseWith, readFormData, readInput } from '@/lib/http/api.server.ts';
import { versionSchema } from '@/lib/http/integers.ts';
import { globalSettingsSchema } from '@/features/global-settings/global-settings.form.ts';
import { getGlobalSettings, saveGlobalSettings } from '@/features/global-settings/global-settings.server.ts';

export const GET = endpoint(async () => json({ data: await getGlobalSettings(db()) }));

const versionField = z.object({ version: versionSchema });

export const PUT = endpoint(async ({ request, locals }) => {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim();
  // The form kit sends multipart; integrators may send JSON. `version` travels with the values.
  const raw: Record<string, unknown> =
    type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded'
      ? await readFormData(request)
      : await readInput(request, z.record(z.string(), z.unknown()));
  const { version, ...values } = raw;
  const parsedVersion = parseWith(versionField, { version });
  const input = parseWith(globalSettingsSchema, values);
  const saved = await saveGlobalSettings(db(), locals.actor, parsedVersion.version, input);
  return json({ message: 'Settings saved.', data: saved });
});
