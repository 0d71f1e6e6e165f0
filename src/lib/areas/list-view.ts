/**
 * The serializable part of an area that the DataTable island needs. Astro pages pass it as a
 * prop, so the list page ships no zod and no form declaration (the /brands/listing JS budget).
 */
import { areaPermission, type AreaDeclaration, type AreaListDeclaration } from './area.ts';

export interface AreaListView extends AreaListDeclaration {
  /** GET /api/<key>/export exists (every declared CRUD area; read-only lists that say so). */
  exportable: boolean;
}

export function listView(area: AreaDeclaration | AreaListDeclaration): AreaListView {
  const crud = 'schema' in area;
  return {
    key: area.key,
    permissionArea: area.permissionArea,
    ...(area.actions ? { actions: { ...area.actions } } : {}),
    label: area.label,
    singular: area.singular,
    paths: { ...area.paths, ...('details' in area && area.details ? { details: area.details.path } : {}) },
    columns: area.columns.map((c) => ({ ...c })),
    defaultSort: { ...area.defaultSort },
    titleField: area.titleField,
    ...(area.statusField ? { statusField: area.statusField } : {}),
    ...(area.searchPlaceholder ? { searchPlaceholder: area.searchPlaceholder } : {}),
    ...(area.reorder ? { reorder: { ...area.reorder } } : {}),
    exportable: crud || Boolean('exportable' in area && area.exportable),
    ...('bulkDownloads' in area && area.bulkDownloads?.length ? { bulkDownloads: area.bulkDownloads.map((d) => ({ ...d })) } : {}),
  };
}

/** What the signed-in user may do in the area: the table hides what they can't (the server refuses anyway). */
export interface AreaAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
  /** Opens the record's details page (the area declares one and the user has its permission). */
  view?: boolean;
  /** The paths of the area's bulk downloads the user may use (see BulkDownload). */
  downloads?: string[];
}

export function areaAbilities(
  area: Pick<AreaListDeclaration, 'permissionArea' | 'actions' | 'paths' | 'bulkDownloads'> & { details?: { action: string } },
  can: (permission: string) => boolean,
): AreaAbilities {
  const abilities: AreaAbilities = {
    create: Boolean(area.paths.add) && can(areaPermission(area, 'create')),
    update: can(areaPermission(area, 'update')),
    delete: can(areaPermission(area, 'delete')),
  };
  if (area.details) abilities.view = can(`${area.permissionArea}:${area.details.action}`);
  const downloads = (area.bulkDownloads ?? []).filter((d) => can(d.permission)).map((d) => d.path);
  if (downloads.length) abilities.downloads = downloads;
  return abilities;
}
