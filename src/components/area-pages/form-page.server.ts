/**
 * The server half of an edit page: loads the record named by the route's `:id` through the
 * area's resource (so vendor scoping applies). A missing record sets the page's status to 404
 * here, in the page's own frontmatter: a component rendered later can no longer change it.
 */
import type { AstroGlobal } from 'astro';
import { db } from '@/lib/boot.server.ts';
import { HttpError } from '@/lib/http/errors.ts';
import { isRecordId } from '@/lib/http/integers.ts';
import { localPath } from '@/lib/http/local-path.ts';
import type { AreaDeclaration, AreaField } from '@/lib/areas/area.ts';
import { resourceByKey } from '@/app/areas/resources.server.ts';
import type { ApiRecord } from '@/lib/areas/resource.server.ts';
import { matchRoute } from '@/app/routes/registry.ts';

/** The record of area `key` named by the route's `:id`, or null when there is none (or the user may not see it). */
export async function recordFromParam(astro: Pick<AstroGlobal, 'params' | 'locals'>, key: string): Promise<ApiRecord | null> {
  const resource = resourceByKey(key);
  if (!resource) throw new Error(`No resource for area "${key}"`);
  const id = astro.params.id;
  if (!isRecordId(id)) return null;
  try {
    return await resource.get(db(), { principal: astro.locals.principal!, actor: astro.locals.actor }, Number(id));
  } catch (e) {
    if (!(e instanceof HttpError && e.status === 404)) throw e;
    return null;
  }
}

export async function loadEditRecord(astro: Pick<AstroGlobal, 'params' | 'locals' | 'response'>, area: AreaDeclaration): Promise<ApiRecord | null> {
  const record = await recordFromParam(astro, area.key);
  if (!record) astro.response.status = 404;
  return record;
}

/**
 * `?return=/brand/5/return-policies/listing`: where the form goes after saving or Cancel, when it
 * was opened from another list than the area's own. Only a page of this back-office is accepted
 * (a link can't send the person to another site).
 */
export function returnPath(url: URL): string | undefined {
  const back = localPath(url.searchParams.get('return'));
  if (!back) return undefined;
  const target = new URL(back, url.origin);
  if (matchRoute(target.pathname)?.route.kind !== 'page') return undefined;
  return target.pathname + target.search;
}

/**
 * An add page's starting values from its query (`/return-policies/add?brand_id=5` pre-selects the
 * brand): only the form's own fields, never files or secrets. The schema checks them on save.
 */
export function prefillFrom(url: URL, fields: AreaField[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const f of fields) {
    const v = url.searchParams.get(f.name);
    if (v !== null && f.input !== 'image' && f.input !== 'secret') values[f.name] = v.slice(0, 5000);
  }
  return values;
}
