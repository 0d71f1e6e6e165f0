/**
 * Each fact about an area is declared once: the list API's sort and filter allowlist is derived from
 * the area's columns (list-columns.server.ts), and "a vendor sees only their own" from the one
 * ownership declaration, turned into CASL conditions that both the ability checks and the SQL
 * scoping read. The warehouse half runs the real resource on an in-memory PGlite.
 */
import { describe, expect, it } from 'vitest';
import { subject } from '@casl/ability';
import { text } from 'drizzle-orm/pg-core';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../src/app/areas/resources.server.ts';
import { AREAS } from '../../src/app/areas/areas.ts';
import { deriveListColumns } from '../../src/lib/areas/list-columns.server.ts';
import { buildAbility, VENDOR_OWNED } from '../../src/lib/permissions/ability.ts';
import { abilityOf } from '../../src/lib/permissions/scope.server.ts';
import { warehouseResource } from '../../src/features/warehouses/warehouse.resource.server.ts';
import { vendors } from '../../src/lib/db/schema.ts';
import { cities, pincodes, states } from '../../src/features/geography/geography.tables.ts';
import { warehouses } from '../../src/features/warehouses/warehouse.tables.ts';
import type { Principal } from '../../src/lib/auth/principal.server.ts';
import type { RequestScope } from '../../src/lib/areas/resource.server.ts';
import { useMemoryDatabase } from '../helpers/memory-database.ts';

describe('the list allowlist comes from the area', () => {
  it('has a resource for every area with a form, built on that same declaration', () => {
    expect(Object.keys(RESOURCES).sort()).toEqual(AREAS.map((a) => a.key).sort());
    for (const area of AREAS) expect(RESOURCES[area.key]!.area, area.key).toBe(area);
  });

  it('is, for every resource, exactly what its area declares for each sortable or filterable column', () => {
    for (const resource of Object.values(RESOURCES)) {
      const allowlist = resource.spec.columns;
      for (const c of resource.area.columns) {
        if (!c.sortable && !c.filterable) {
          expect(allowlist[c.field], `${resource.area.key}.${c.field} is neither sorted nor filtered`).toBeUndefined();
          continue;
        }
        const derived = allowlist[c.field]!;
        expect({ kind: derived.kind, sortable: derived.sortable, filterable: derived.filterable }, `${resource.area.key}.${c.field}`).toEqual({
          kind: c.kind,
          sortable: c.sortable ?? false,
          filterable: c.filterable ?? false,
        });
        if (c.kind === 'enum') expect(derived.options).toEqual(c.options?.map((o) => o.value));
        if (c.relation) expect(allowlist[c.relation.field]).toMatchObject({ kind: 'number', filterable: true });
      }
      expect(allowlist.created_at).toMatchObject({ kind: 'date', sortable: true, filterable: true });
    }
  });

  const things = pgTable('things', { id: serial('id').primaryKey(), name: text('name').notNull(), ownerId: integer('owner_id') });
  const area = (columns: Parameters<typeof deriveListColumns>[0]['columns']) => ({ key: 'things', columns });

  it('reads a column from the same-named table column, and a nullable related id does not sort', () => {
    const derived = deriveListColumns(
      area([
        { field: 'name', header: 'Name', kind: 'text', sortable: true },
        { field: 'owner_name', header: 'Owner', kind: 'text', filterable: true, relation: { area: 'owners', field: 'owner_id' } },
      ]),
      { table: things, sources: { owner_name: things.name } },
    );
    expect(derived.name).toEqual({ column: things.name, kind: 'text', sortable: true, filterable: false });
    expect(derived.owner_id).toEqual({ column: things.ownerId, kind: 'number', sortable: false, filterable: true });
  });

  it('refuses, at definition, a sortable column with no source', () => {
    expect(() => deriveListColumns(area([{ field: 'colour', header: 'Colour', kind: 'text', sortable: true }]), { table: things })).toThrow(
      /"colour".*no source/,
    );
  });
});

describe('one ownership declaration drives the ability and the SQL', () => {
  const memory = useMemoryDatabase(async ({ db }) => {
    await db.insert(vendors).values([{ storeName: 'Loom House' }, { storeName: 'Clay Works' }]);
    const [state] = await db.insert(states).values({ name: 'Karnataka', code: 'KA', gstStateCode: '29' }).returning();
    const [city] = await db.insert(cities).values({ name: 'Bengaluru', stateId: state!.id }).returning();
    await db.insert(pincodes).values({ pincode: '560001', cityId: city!.id, stateId: state!.id });
  });

  const principal = (userType: 'vendor' | 'staff', vendorId: number | null, abilities: string[]): Principal =>
    ({ user: { id: 1, userType, vendorId }, vendor: null, abilities }) as unknown as Principal;
  const VENDOR_GRANTS = ['warehouse:list', 'warehouse:create', 'warehouse:update'];
  const as = (p: Principal): RequestScope => ({ principal: p, actor: { realUserId: null, impersonatedUserId: null, ip: null, userAgent: null } });
  const input = async (code: string, vendorId?: number) => {
    const [pin] = await memory.database.db.select().from(pincodes).limit(1);
    return {
      vendor_id: vendorId,
      name: `Warehouse ${code}`,
      code,
      contact_name: 'Asha',
      contact_phone: '+919876543210',
      address_line1: '1 MG Road',
      state_id: pin!.stateId,
      city_id: pin!.cityId,
      pincode_id: pin!.id,
      is_active: true,
    } as never;
  };

  it('declares warehouses as vendor-owned through their permission area', () => {
    expect(VENDOR_OWNED[warehouseResource.area.permissionArea]).toBe('vendorId');
  });

  it('lets a vendor read and update only their own rows, in CASL and in SQL alike; staff read and update all', async () => {
    const [loom, clay] = await memory.database.db.select().from(vendors).orderBy(vendors.id);
    const loomVendor = principal('vendor', loom!.id, VENDOR_GRANTS);
    const clayVendor = principal('vendor', clay!.id, VENDOR_GRANTS);
    const staff = principal('staff', null, [...VENDOR_GRANTS, 'warehouse:delete']);

    // A vendor's save is theirs whatever the form sent; staff choose the owner.
    const loomOwn = await warehouseResource.create(memory.database.db, as(loomVendor), await input('LOOM-1', clay!.id));
    const clayOwn = await warehouseResource.create(memory.database.db, as(staff), await input('CLAY-1', clay!.id));
    expect(loomOwn.vendor_id).toBe(loom!.id);
    expect(clayOwn.vendor_id).toBe(clay!.id);

    const rows = await memory.database.db.select().from(warehouses);
    for (const p of [loomVendor, clayVendor, staff]) {
      const ability = abilityOf(p);
      const listed = (await warehouseResource.list(memory.database.db, as(p), { page: 1, per_page: 25, order: 'asc', sort: 'name', filters: {} })).data
        .map((r) => r.id)
        .sort();
      const allowed = rows
        .filter((r) => ability.can('list', subject('warehouse', { ...r })))
        .map((r) => r.id)
        .sort();
      expect(listed, `${p.user.userType} ${p.user.vendorId}`).toEqual(allowed);
    }
    expect(abilityOf(loomVendor).can('update', subject('warehouse', { ...rows.find((r) => r.id === clayOwn.id)! }))).toBe(false);
    expect(abilityOf(staff).can('update', subject('warehouse', { ...rows.find((r) => r.id === clayOwn.id)! }))).toBe(true);

    // Another vendor's row is not found, for reading and for changing.
    await expect(warehouseResource.get(memory.database.db, as(loomVendor), clayOwn.id)).rejects.toMatchObject({ status: 404 });
    await expect(warehouseResource.update(memory.database.db, as(loomVendor), clayOwn.id, 1, await input('STOLEN'))).rejects.toMatchObject({ status: 404 });
    expect((await warehouseResource.get(memory.database.db, as(clayVendor), clayOwn.id)).code).toBe('CLAY-1');
    expect((await warehouseResource.update(memory.database.db, as(staff), loomOwn.id, 1, await input('LOOM-2', loom!.id))).code).toBe('LOOM-2');
  });

  it('gives a vendor account without a vendor nothing, and staff no conditions', () => {
    const orphan = buildAbility(['warehouse:list'], { userType: 'vendor', vendorId: null });
    expect(orphan.can('list', subject('warehouse', { vendorId: null }))).toBe(false);
    expect(buildAbility(['warehouse:list']).can('list', subject('warehouse', { vendorId: 42 }))).toBe(true);
    // Areas that are not vendor-owned carry no condition for vendors either.
    expect(buildAbility(['states:list'], { userType: 'vendor', vendorId: 3 }).can('list', subject('states', { vendorId: 4 }))).toBe(true);
  });
});
