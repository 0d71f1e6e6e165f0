/** The pages and API routes one area declaration implies, for the route registry. */
import { areaAction, areaPermission, hasMarkdownField, inSentence, type AreaDeclaration } from './area.ts';
import { PERMISSION_AREAS, type Permission } from '@/lib/permissions/catalogue.ts';
import type { RouteDef } from '@/lib/routes/route.ts';

const permissionFor = (area: AreaDeclaration, action: string) => ({
  kind: 'permission' as const,
  permission: areaPermission(area, action) as Permission,
});

/** List, add and edit pages, and the area's "X of this Y" lists. */
export function areaPageRoutes(area: AreaDeclaration): RouteDef[] {
  const p = (action: string) => permissionFor(area, action);
  const planned = area.pagesPlanned ? { planned: true } : {};
  return [
    {
      pattern: area.paths.list,
      kind: 'page',
      methods: ['GET'],
      access: area.listAlsoNeeds?.length ? { ...p('list'), also: area.listAlsoNeeds } : p('list'),
      title: area.label,
      ...planned,
    },
    { pattern: area.paths.add, kind: 'page', methods: ['GET'], access: p('create'), title: `Add ${inSentence(area.singular)}`, ...planned },
    {
      pattern: area.paths.edit,
      kind: 'page',
      methods: ['GET'],
      access: p('update'),
      title: `Edit ${inSentence(area.singular)}`,
      sample: { id: '1' },
      ...planned,
    },
    ...(area.scopedLists ?? []).map((s): RouteDef => ({
      pattern: s.path,
      kind: 'page',
      methods: ['GET'],
      access: p('list'),
      title: s.title,
      sample: { id: '1' },
      ...planned,
    })),
    ...(area.details
      ? [
          {
            pattern: area.details.path,
            kind: 'page' as const,
            methods: area.details.methods ?? ['GET' as const],
            access: p(area.details.action),
            title: area.details.title,
            sample: { id: '1' },
            ...planned,
          },
        ]
      : []),
  ];
}

/** The calls the area's own inputs make (AreaApiRoute), each with the area's permission for its action. */
function ownRoutes(area: AreaDeclaration): RouteDef[] {
  return (area.apiRoutes ?? []).map((r) => ({
    pattern: r.pattern,
    kind: 'api',
    methods: [r.method],
    access: permissionFor(area, r.action),
    ...(r.sampleQuery ? { sampleQuery: r.sampleQuery } : {}),
  }));
}

/** Whether the catalogue gives the area's permission area this action (customers have no delete, for one). */
export function areaHasAction(area: AreaDeclaration, action: string): boolean {
  const actions = (PERMISSION_AREAS as Record<string, readonly string[]>)[area.permissionArea];
  return !!actions?.includes(areaAction(area, action));
}

/**
 * The one list contract and the CRUD, bulk and export calls, each method with its own permission.
 * An area whose permission area has no `delete` action has no delete calls at all (not calls that
 * refuse everyone): customers are blocked, never deleted.
 */
export function areaApiRoutes(area: AreaDeclaration): RouteDef[] {
  const p = (action: string) => permissionFor(area, action);
  const api = `/api/${area.key}`;
  const deletable = areaHasAction(area, 'delete');
  return [
    { pattern: api, kind: 'api', methods: ['GET'], access: p('list') },
    { pattern: api, kind: 'api', methods: ['POST'], access: p('create') },
    { pattern: `${api}/export`, kind: 'api', methods: ['GET'], access: p('list') },
    { pattern: `${api}/options`, kind: 'api', methods: ['GET'], access: area.optionsAccess === 'auth' ? { kind: 'auth' as const } : p('list') },
    ...(deletable ? [{ pattern: `${api}/bulk-delete`, kind: 'api' as const, methods: ['POST' as const], access: p('delete') }] : []),
    ...(area.statusField ? [{ pattern: `${api}/bulk-status`, kind: 'api' as const, methods: ['POST' as const], access: p('update') }] : []),
    ...(area.reorder ? [{ pattern: `${api}/reorder`, kind: 'api' as const, methods: ['POST' as const], access: p('update') }] : []),
    // Renders what is typed, reads and writes nothing: whoever may see the area's records may see how its Markdown renders.
    ...(hasMarkdownField(area) ? [{ pattern: `${api}/markdown-preview`, kind: 'api' as const, methods: ['POST' as const], access: p('list') }] : []),
    ...ownRoutes(area),
    { pattern: `${api}/:id`, kind: 'api', methods: ['GET'], access: p('list'), sample: { id: '1' } },
    { pattern: `${api}/:id`, kind: 'api', methods: ['PUT'], access: p('update'), sample: { id: '1' } },
    ...(deletable
      ? [
          { pattern: `${api}/:id`, kind: 'api' as const, methods: ['DELETE' as const], access: p('delete'), sample: { id: '999999' } },
          // Runs the delete's in-use guards without deleting: whoever may delete may ask first.
          { pattern: `${api}/:id/delete-check`, kind: 'api' as const, methods: ['GET' as const], access: p('delete'), sample: { id: '1' } },
        ]
      : []),
  ];
}
