/**
 * The catalogue at scale for the bench (issue 15 §4): N products (1,000,000 on PostgreSQL, 200,000
 * on PGlite by default) across 500 vendors, 1–4 variants each (2.5 on average), a stock level per
 * variant in its vendor's warehouse with its opening movement in the ledger, so every invariant the
 * product keeps (summary columns, ledger = levels) holds on the filled data too.
 *
 * Rows are generated inside the database (INSERT … SELECT over generate_series): nothing crosses the
 * wire but the statements, which is what makes a million products take minutes. Deterministic:
 * every value is arithmetic on the row number, so two fills hold the same rows.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/lib/db/client.server.ts';

export const BENCH_VENDORS = 500;
/** Products per statement: big enough to be fast, small enough to keep each statement's memory modest. */
const CHUNK = 50_000;

const ADJECTIVES = [
  'Classic',
  'Handwoven',
  'Everyday',
  'Festive',
  'Organic',
  'Slim-fit',
  'Relaxed',
  'Printed',
  'Embroidered',
  'Block-printed',
  'Hand-dyed',
  'Premium',
];
const MATERIALS = ['Cotton', 'Linen', 'Silk', 'Denim', 'Khadi', 'Chanderi', 'Wool', 'Rayon', 'Georgette', 'Jute'];
const NOUNS = [
  'Kurta',
  'Saree',
  'Shirt',
  'Dupatta',
  'Trousers',
  'Dress',
  'Stole',
  'Jacket',
  'Bedsheet',
  'Cushion Cover',
  'Tote Bag',
  'Lehenga',
  'Palazzo',
  'Nehru Jacket',
];
const COLOURS = ['Indigo', 'Maroon', 'Mustard', 'Ivory', 'Teal', 'Rust', 'Olive', 'Black', 'White', 'Rani Pink', 'Peacock Blue', 'Saffron'];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

async function scalar(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const result = (await db.execute(query)) as unknown as { rows?: { n: number | string | null }[] } | { n: number | string | null }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return Number(rows[0]?.n ?? 0);
}

/** Bench vendors (active, store set up) and one warehouse each; returns their ids' range. */
async function benchVendors(db: Db): Promise<{ first: number; count: number }> {
  const have = await scalar(db, sql`select count(*)::int as n from vendors where slug like 'bench-store-%'`);
  if (have < BENCH_VENDORS) {
    await db.execute(sql`
      insert into vendors (store_name, slug, legal_name, phone, status, store_setup_completed_at, created_at, updated_at)
      select 'Bench Store ' || g, 'bench-store-' || g, 'Bench Store ' || g || ' Private Limited', '+9190000' || lpad(g::text, 5, '0'),
             'active', timestamptz '2025-01-01', timestamptz '2025-01-01', timestamptz '2025-01-01'
      from generate_series(${have + 1}::int, ${BENCH_VENDORS}::int) g`);
  }
  const first = await scalar(db, sql`select min(id)::int as n from vendors where slug like 'bench-store-%'`);
  await db.execute(sql`
    insert into warehouses (vendor_id, name, code, contact_name, contact_phone, address_line1, state_id, city_id, pincode_id)
    select v.id, v.store_name || ' warehouse', 'BW-' || v.id, 'Dispatch desk', v.phone, 'Plot ' || v.id || ', Industrial Area', p.state_id, p.city_id, p.id
    from vendors v
    cross join lateral (select id, state_id, city_id from pincodes where city_id is not null order by id offset (v.id % 500) limit 1) p
    where v.slug like 'bench-store-%' and not exists (select 1 from warehouses w where w.vendor_id = v.id)`);
  return { first, count: BENCH_VENDORS };
}

/**
 * Fills products up to `wanted` bench products. Ids are given explicitly (after the current
 * highest), so variants, levels and movements can refer to them by arithmetic; the sequences are
 * moved past them at the end.
 */
export async function fillProducts(db: Db, wanted: number, log: (line: string) => void = () => {}): Promise<{ rows: number; note: string }> {
  const have = await scalar(db, sql`select count(*)::int as n from products where slug like 'bench-%'`);
  if (have >= wanted) return { rows: 0, note: `${have} bench products already there` };
  const vendors = await benchVendors(db);
  const base = {
    product: await scalar(db, sql`select coalesce(max(id), 0)::int as n from products`),
    variant: await scalar(db, sql`select coalesce(max(id), 0)::int as n from product_variants`),
    level: await scalar(db, sql`select coalesce(max(id), 0)::int as n from stock_levels`),
    movement: await scalar(db, sql`select coalesce(max(id), 0)::int as n from stock_movements`),
  };
  // Row i (1-based, continuing after earlier fills) has 1 + i % 4 variants; variant n of product i
  // gets id base + (i - 1) * 4 + n, so every id is a formula of (i, n).
  const adjectives = textArray(ADJECTIVES);
  const materials = textArray(MATERIALS);
  const nouns = textArray(NOUNS);
  const colours = textArray(COLOURS);
  for (let from = have + 1; from <= wanted; from += CHUNK) {
    const to = Math.min(wanted, from + CHUNK - 1);
    const started = performance.now();
    await db.transaction(async (tx) => {
      // Price of variant n: base price + (n − 1) × ₹100; on hand: (i × 31 + n × 17) % 40.
      await tx.execute(sql`
        with refs as (
          select (select array_agg(id order by id) from brands where status = 'active') as brand_ids,
                 (select array_agg(id order by id) from sub_categories) as sub_ids,
                 (select array_agg(category_id order by id) from sub_categories) as cat_ids,
                 (select array_agg(id order by id) from taxes) as tax_ids
        )
        insert into products (id, vendor_id, name, slug, description, brand_id, category_id, sub_category_id, tax_id, status,
                              weight_grams, length_mm, width_mm, height_mm, handling_days,
                              price_min_paise, price_max_paise, stock_available, variant_count, skus, created_at, updated_at)
        select ${base.product} + i,
               ${vendors.first} + (i % ${vendors.count}),
               (${adjectives})[1 + i % 12] || ' ' || (${materials})[1 + (i / 12) % 10] || ' ' || (${nouns})[1 + (i / 7) % 14] || ', ' || (${colours})[1 + (i / 3) % 12],
               'bench-' || i,
               'A ' || lower((${materials})[1 + (i / 12) % 10]) || ' piece made in small batches. Machine wash cold.',
               case when i % 5 = 0 then null else refs.brand_ids[1 + i % cardinality(refs.brand_ids)] end,
               refs.cat_ids[1 + i % cardinality(refs.sub_ids)],
               refs.sub_ids[1 + i % cardinality(refs.sub_ids)],
               refs.tax_ids[1 + i % cardinality(refs.tax_ids)],
               case when i % 20 = 0 then 'draft' when i % 50 = 1 then 'pending_review' when i % 97 = 0 then 'inactive' else 'active' end,
               200 + i % 1800, 300, 250, 20 + i % 80, 1 + i % 5,
               29900 + ((i::bigint * 7919) % 900000)::int,
               29900 + ((i::bigint * 7919) % 900000)::int + (i % 4) * 10000,
               (select sum((i * 31 + n * 17) % 40)::int from generate_series(1, 1 + i % 4) n),
               1 + i % 4,
               (select string_agg('BP' || i || '-' || n, ' ' order by n) from generate_series(1, 1 + i % 4) n),
               timestamptz '2025-01-01' + (((i::bigint * 7907) % 525600)::int) * interval '1 minute',
               timestamptz '2025-01-01' + (((i::bigint * 7907) % 525600)::int + i % 43200) * interval '1 minute'
        from generate_series(${from}::int, ${to}::int) i, refs`);
      await tx.execute(sql`
        insert into product_variants (id, product_id, vendor_id, sku, mrp_paise, price_paise, weight_grams, status, position, created_at, updated_at)
        select ${base.variant} + (i - 1) * 4 + n, ${base.product} + i, ${vendors.first} + (i % ${vendors.count}), 'BP' || i || '-' || n,
               (29900 + ((i::bigint * 7919) % 900000)::int + (n - 1) * 10000) * 5 / 4,
               29900 + ((i::bigint * 7919) % 900000)::int + (n - 1) * 10000,
               null, 'active', n - 1, timestamptz '2025-01-01', timestamptz '2025-01-01'
        from generate_series(${from}::int, ${to}::int) i, lateral generate_series(1, 1 + i % 4) n`);
      await tx.execute(sql`
        insert into stock_levels (id, variant_id, warehouse_id, vendor_id, on_hand, reserved, low_stock_threshold, updated_at)
        select ${base.level} + (i - 1) * 4 + n, ${base.variant} + (i - 1) * 4 + n, w.id, w.vendor_id, (i * 31 + n * 17) % 40, 0, 5, timestamptz '2025-01-01'
        from generate_series(${from}::int, ${to}::int) i
        cross join lateral generate_series(1, 1 + i % 4) n
        join warehouses w on w.vendor_id = ${vendors.first} + (i % ${vendors.count})`);
      await tx.execute(sql`
        insert into stock_movements (id, stock_level_id, kind, on_hand_delta, reserved_delta, on_hand_after, reserved_after, note, created_at)
        select ${base.movement} + (i - 1) * 4 + n, ${base.level} + (i - 1) * 4 + n, 'opening', (i * 31 + n * 17) % 40, 0, (i * 31 + n * 17) % 40, 0,
               'Bench opening stock', timestamptz '2025-01-01'
        from generate_series(${from}::int, ${to}::int) i, lateral generate_series(1, 1 + i % 4) n`);
    });
    log(`  fill: products ${to.toLocaleString('en-IN')} of ${wanted.toLocaleString('en-IN')} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  for (const [table, sequence] of [
    ['products', 'products_id_seq'],
    ['product_variants', 'product_variants_id_seq'],
    ['stock_levels', 'stock_levels_id_seq'],
    ['stock_movements', 'stock_movements_id_seq'],
  ] as const) {
    await db.execute(sql.raw(`select setval('${sequence}', (select max(id) from ${table}))`));
  }
  // As autovacuum would soon after a bulk load: the statistics, and the visibility map that lets
  // counts read the indexes alone (without it every count visits the table's pages).
  await db.execute(sql`vacuum (analyze) products`);
  await db.execute(sql`vacuum (analyze) product_variants`);
  await db.execute(sql`vacuum (analyze) stock_levels`);
  const total = await scalar(db, sql`select count(*)::int as n from products`);
  const variants = await scalar(db, sql`select count(*)::int as n from product_variants`);
  return { rows: wanted - have, note: `${total} products, ${variants} variants, ${BENCH_VENDORS} bench vendors` };
}
