/**
 * The server half of an edit page: loads the record named by the route's `:id` through the
 * area's resource (so vendor scoping applies). A missing record sets the page's status to 404
 * here, in the page's own frontmatter: a component rendered later can no longer change it.
 */
import type { AstroGlobal } from 'astro';
import { db } from '../../lib/boot.server.ts';
import { HttpError } from '../../lib/http/errors.ts';
import type { AreaDeclaration } from '../../lib/areas/area.ts';
import { resourceByKey } from '../../lib/areas/resources.server.ts';
import type { ApiRecord } from '../../lib/areas/resource.server.ts';

export async function loadEditRecord(astro: Pick<AstroGlobal, 'params' | 'locals' | 'response'>, area: AreaDeclaration): Promise<ApiRecord | null> {
  const resource = resourceByKey(area.key);
  if (!resource) throw new Error(`No resource for area "${area.key}"`);
  const id = astro.params.id ?? '';
  let record: ApiRecord | null = null;
  if (/^\d{1,9}$/.test(id)) {
    try {
      record = await resource.get(db(), { principal: astro.locals.principal!, actor: astro.locals.actor }, Number(id));
    } catch (e) {
      if (!(e instanceof HttpError && e.status === 404)) throw e;
    }
  }
  if (!record) astro.response.status = 404;
  return record;
}
