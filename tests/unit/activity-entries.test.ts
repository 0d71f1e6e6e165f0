/**
 * How the activity log describes its entries (describeActivity), on an in-memory database with
 * the real migrations: the stored name first; for entries written before names were stored, the
 * record's current name, else the name in the entry's own diff, else its id; field labels from
 * the form, then the list's headers, then the key in words.
 */
import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../src/app/areas/resources.server.ts';
import { users } from '../../src/lib/db/schema.ts';
import { brands } from '../../src/features/brands/brand.tables.ts';
import { describeActivity, humanise } from '../../src/app/activity/activity-entries.server.ts';
import type { Principal } from '../../src/lib/auth/principal.server.ts';
import type { ApiRecord, RequestScope } from '../../src/lib/areas/resource.server.ts';
import { useMemoryDatabase } from '../helpers/memory-database.ts';

const memory = useMemoryDatabase();
const staff: RequestScope = {
  principal: { user: { id: 1, userType: 'staff', vendorId: null }, vendor: null, abilities: ['activity-logs:list'] } as unknown as Principal,
  actor: { realUserId: null, impersonatedUserId: null, ip: null, userAgent: null },
};

const entry = (fields: Partial<ApiRecord> & { area: string }): ApiRecord => ({ id: 1, record_id: null, record_name: null, changes: {}, ...fields });

describe('describeActivity', () => {
  it('names the record as its area does, preferring the name stored with the entry', async () => {
    const db = memory.database.db;
    const [loom] = await db.insert(brands).values({ name: 'Indigo Loom Now', slug: 'indigo-loom-now' }).returning();
    const [user] = await db.insert(users).values({ name: 'Asha Admin', email: 'asha@example.com', passwordHash: 'x', userType: 'staff' }).returning();
    const described = await describeActivity(db, staff, [
      // Stored: the name it had then, even though the brand was renamed since.
      entry({ area: 'brands', record_id: String(loom!.id), record_name: 'Indigo Loom' }),
      // Written before names were stored: the brand's current name.
      entry({ area: 'brands', record_id: String(loom!.id) }),
      // A deleted brand's old entry: the name in its diff.
      entry({ area: 'brands', record_id: '999999', changes: { name: ['Gone Brand', null] } }),
      // Nothing known: the id.
      entry({ area: 'brands', record_id: '999998', changes: { status: ['active', 'inactive'] } }),
      // About no one record: the area.
      entry({ area: 'brands', action: 'reorder', changes: { order: [[], []] } }),
      // Writers outside the kit: a user by their current name, the one settings record.
      entry({ area: 'auth', record_id: String(user!.id) }),
      entry({ area: 'global-settings', record_id: 'global' }),
      entry({ area: 'some-new-area', record_id: '5' }),
    ]);
    expect(described.map((e) => e.record_label)).toEqual([
      'Brand Indigo Loom',
      'Brand Indigo Loom Now',
      'Brand Gone Brand',
      'Brand #999998',
      'Brands',
      'User Asha Admin',
      'Global settings',
      'Some new area #5',
    ]);
    expect(described[0]!.area_label).toBe('Brands');
  });

  it('labels diff fields as the form does, then as the list does, then in words', async () => {
    const [described] = await describeActivity(memory.database.db, staff, [
      entry({
        area: 'brands',
        record_name: 'Indigo Loom',
        changes: { name: [null, 'x'], logoPath: [null, 'a.png'], createdAt: [null, 'now'], productsCount: [0, 1], somethingElseId: [1, 2] },
      }),
    ]);
    expect(described!.field_labels).toEqual({
      name: 'Name',
      logoPath: 'Logo',
      createdAt: 'Created',
      productsCount: 'Products',
      somethingElseId: 'Something else ID',
    });
    const [settings] = await describeActivity(memory.database.db, staff, [
      entry({ area: 'global-settings', changes: { store_name: ['A', 'B'], twilio_from: [null, '+91'] } }),
    ]);
    expect(settings!.field_labels).toEqual({ store_name: 'Store name', twilio_from: 'Send from (number)' });
  });
});

describe('the names entries keep', () => {
  it("every area's title field is a stored column (or it names its records itself), so each of its entries keeps the record's name", () => {
    for (const [key, resource] of Object.entries(RESOURCES)) {
      if (resource.def.recordName) continue; // checked below
      const stored = Object.keys(getTableColumns(resource.def.table as PgTable));
      const title = resource.area.titleField;
      expect(stored.includes(title) || stored.includes(title.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())), `${key}: ${title}`).toBe(true);
    }
    // A tax rate has no name column: it is named from its stored row.
    const rates = RESOURCES['ledger-tax-rates']!.def;
    expect(rates.recordName?.({ id: 1, version: 1, kind: 'tcs', ratePercent: '0.50', startsOn: '2024-07-10' })).toBe('GST TCS (s.52) 0.50 % from 2024-07-10');
  });
});

describe('humanise', () => {
  it('turns stored keys into words', () => {
    expect(humanise('logoPath')).toBe('Logo path');
    expect(humanise('other_reset_links')).toBe('Other reset links');
    expect(humanise('stateId')).toBe('State ID');
    expect(humanise('impersonate-start')).toBe('Impersonate start');
  });
});
