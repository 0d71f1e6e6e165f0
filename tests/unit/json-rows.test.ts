/**
 * insertJsonRows (src/lib/db/json-rows.server.ts), the bulk import's INSERT of many rows as one JSON
 * parameter, on a real embedded database with the real migrations: text that would break a literal
 * (quotes, backslashes, braces, commas, line breaks, "NULL", emoji), integer arrays, nulls, timestamps,
 * a column left out taking its default, rows with different columns, and the answered columns.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { insertJsonRows } from '../../src/lib/db/json-rows.server.ts';
import { brands } from '../../src/features/brands/brand.tables.ts';
import { productOptions } from '../../src/features/products/product.tables.ts';

const memory = useMemoryDatabase(async ({ db }) => {
  for (const statement of [
    `insert into vendors (id, store_name, status) values (1, 'Loom House', 'active')`,
    `insert into categories (id, name, slug) values (1, 'Clothing', 'clothing')`,
    `insert into taxes (id, name, rate_percent, hsn_code) values (1, 'Apparel (GST 5%)', '5.00', '6204')`,
    `insert into product_matrix_groups (id, name) values (1, 'Size')`,
    `insert into products (id, vendor_id, name, slug, category_id, tax_id) values (1, 1, 'Json kurta', 'json-kurta', 1, 1)`,
  ])
    await db.execute(sql.raw(statement));
});

describe('insertJsonRows', () => {
  it('writes every value as given, takes defaults for columns left out, and answers the asked columns', async () => {
    const db = memory.database.db;
    const nasty = ['O’Brien "the" \\ back', '{a,b}', 'line one\nline two', 'NULL', 'तिरंगा 🇮🇳', "it's; drop table brands; --"];
    const when = new Date('2026-01-02T03:04:05.678Z');
    const made = await insertJsonRows(
      db,
      brands,
      nasty.map((name, i) => ({
        name,
        slug: `nasty-${i}`,
        description: i === 0 ? null : name,
        ...(i === 1 ? { createdAt: when } : {}),
        ...(i === 2 ? { id: 4242 } : {}), // an id given (serial), as the import gives a new product its reserved one
      })),
      ['id', 'slug'],
    );
    expect(made.map((r) => r.slug).sort()).toEqual(nasty.map((_, i) => `nasty-${i}`).sort());
    for (const [i, name] of nasty.entries()) {
      const [row] = await db
        .select()
        .from(brands)
        .where(eq(brands.slug, `nasty-${i}`));
      expect(row!.name).toBe(name);
      expect(row!.description).toBe(i === 0 ? null : name);
      expect(row!.status).toBe('active'); // the column's default
      expect(made.find((r) => r.slug === `nasty-${i}`)!.id).toBe(row!.id);
      if (i === 1) expect(row!.createdAt.toISOString()).toBe(when.toISOString());
      if (i === 2) expect(row!.id).toBe(4242);
    }
  });

  it('writes integer arrays, and nothing for no rows', async () => {
    const db = memory.database.db;
    expect(await insertJsonRows(db, productOptions, [])).toEqual([]);
    await insertJsonRows(db, productOptions, [{ productId: 1, groupId: 1, position: 0, valueIds: [3, 1, 2] }]);
    const [row] = await db.select().from(productOptions).where(eq(productOptions.productId, 1));
    expect(row!.valueIds).toEqual([3, 1, 2]);
  });
});
