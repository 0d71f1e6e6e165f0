/**
 * The body of a permission matrix save, `{grant, revoke}`: what the API parses and OpenAPI describes.
 * Apart from permission-matrix.ts, so the matrix island doesn't carry zod.
 */
import { z } from 'zod';
import { isPermission } from '@/lib/permissions/catalogue.ts';

const permissionList = z.array(z.string().max(100)).max(1000).default([]);

/** The body of a matrix save (the API parses with it; the island sends it). */
export const grantDiffSchema = z.strictObject({ grant: permissionList, revoke: permissionList }).superRefine((d, ctx) => {
  for (const key of ['grant', 'revoke'] as const) {
    const unknown = d[key].filter((p) => !isPermission(p));
    if (unknown.length) ctx.addIssue({ code: 'custom', path: [key], message: `Unknown permission: ${unknown.join(', ')}.` });
  }
  const both = d.grant.filter((p) => d.revoke.includes(p));
  if (both.length) ctx.addIssue({ code: 'custom', path: ['grant'], message: `Granted and revoked at once: ${both.join(', ')}.` });
});
