/**
 * Orders at scale for the benches (bench/orders.ts, bench/search.ts): `orders` orders written straight
 * into the tables of a PostgreSQL database that holds the demo data (numbers `BN-000000001`…, placed
 * every 30 s back from now, 1.6 sub-orders an order with an AWB once shipped, one line each, statuses
 * in a running marketplace's proportions). Triggers and foreign-key checks are off for the session
 * (the rows are consistent by construction; the roll-ups and realtime events are not what the benches
 * measure). Deterministic: every value is arithmetic on the order's number.
 */
import type pg from 'pg';

export async function fillOrders(
  db: pg.Client,
  count: number,
  log: (...a: unknown[]) => void = () => {},
): Promise<{ rows: Record<string, number>; seconds: number }> {
  // --- The fill: plain INSERT … SELECT over generate_series, ids given here (the sequences moved
  // after), triggers and foreign-key checks off for the session (the rows are consistent by
  // construction; the roll-ups and realtime events are not what this measures).
  const started = performance.now();
  await db.query(`set session_replication_role = replica`);
  await db.query(`create temp table bench_vendors as
    select row_number() over (order by v.id) - 1 as n, v.id as vendor_id,
      (select w.id from warehouses w where w.vendor_id = v.id order by w.id limit 1) as warehouse_id,
      (select pv.id from product_variants pv where pv.vendor_id = v.id order by pv.id limit 1) as variant_id
    from vendors v where v.status = 'active' and exists (select 1 from warehouses w where w.vendor_id = v.id)
      and exists (select 1 from product_variants pv where pv.vendor_id = v.id)`);
  await db.query(`create temp table bench_customers as select row_number() over (order by id) - 1 as n, id, name, email, phone from customers`);
  const [{ vendors, customers, state }] = (
    await db.query(`select (select count(*) from bench_vendors)::int as vendors, (select count(*) from bench_customers)::int as customers,
      (select id from states order by id limit 1) as state`)
  ).rows as { vendors: number; customers: number; state: number }[];
  if (vendors < 1 || customers < 1) throw new Error('The demo data has no vendor with a warehouse and a variant, or no customer.');
  const base = (table: string) => `(select coalesce(max(id), 0) from ${table})`;
  const [{ o0, s0, l0 }] = (await db.query(`select ${base('orders')} as o0, ${base('sub_orders')} as s0, ${base('order_lines')} as l0`)).rows as {
    o0: number;
    s0: number;
    l0: number;
  }[];
  // Order g: placed g × 30 s before now; 1 sub-order, or 2 for three orders in five (≈ 1.6 sub-orders an order);
  // each sub-order one line of its vendor's variant at ₹ 500–₹ 2,499, GST 5 % inside the price.
  const amount = `(50000 + (g::bigint * 7919) % 200000)`;
  await db.query(
    `insert into orders (id, number, customer_id, customer_name, customer_email, customer_phone, shipping_address, billing_address,
       shipping_pincode, shipping_state_id, payment_method, status, items_paise, taxable_paise, tax_paise, total_paise, placed_at, created_at, updated_at)
     select ${o0} + g, 'BN-' || lpad(g::text, 9, '0'), c.id, c.name, c.email, c.phone,
       jsonb_build_object('name', c.name, 'line1', '1 Bench Road', 'city', 'Bengaluru', 'state', 'Karnataka', 'pincode', '560001', 'phone', c.phone),
       jsonb_build_object('name', c.name, 'line1', '1 Bench Road', 'city', 'Bengaluru', 'state', 'Karnataka', 'pincode', '560001', 'phone', c.phone),
       '560001', $1, case when g % 3 = 0 then 'cod' else 'prepaid' end, 'delivered',
       subs * ${amount}, subs * round(${amount} / 1.05)::bigint, subs * (${amount} - round(${amount} / 1.05)::bigint), subs * ${amount},
       now() - g * interval '30 seconds', now() - g * interval '30 seconds', now() - g * interval '30 seconds'
     from generate_series(1, $2::int) g
     cross join lateral (select case when g % 5 < 3 then 2 else 1 end as subs) s
     join bench_customers c on c.n = g % $3`,
    [state, count, customers],
  );
  log('orders', ((performance.now() - started) / 1000).toFixed(1), 's');
  // Statuses in the proportions of a running marketplace: most delivered, some on their way or open.
  const status = `(array['placed','confirmed','packed','shipped','delivered','delivered','delivered','delivered','delivered','delivered',
    'delivered','delivered','delivered','delivered','cancelled','cancelled','shipped','rto','returned','refunded'])[1 + (g * 7 + k) % 20]`;
  await db.query(
    `create temp table bench_subs as
     select row_number() over (order by g, k) as i, g, k, ${status} as status
     from generate_series(1, $1::int) g cross join lateral generate_series(1, case when g % 5 < 3 then 2 else 1 end) k`,
    [count],
  );
  await db.query(
    `insert into sub_orders (id, order_id, number, vendor_id, warehouse_id, status, supply, placed_at, payment_method, shipping_pincode,
       shipping_state_id, customer_name, customer_phone, items_paise, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise,
       awb, shipped_at, delivered_at, created_at, updated_at)
     select ${s0} + b.i, ${o0} + b.g, 'BN-' || lpad(b.g::text, 9, '0') || '-' || b.k, v.vendor_id, v.warehouse_id, b.status, 'intra',
       o.placed_at, o.payment_method, '560001', o.shipping_state_id, o.customer_name, o.customer_phone,
       a.amount, a.taxable, (a.amount - a.taxable) / 2, (a.amount - a.taxable) - (a.amount - a.taxable) / 2, 0, a.amount,
       case when b.status in ('shipped', 'delivered', 'rto', 'returned', 'refunded') then 'BNAWB' || b.i end,
       case when b.status in ('shipped', 'delivered', 'rto', 'returned', 'refunded') then o.placed_at + interval '1 day' end,
       case when b.status in ('delivered', 'returned', 'refunded') then o.placed_at + interval '3 days' end,
       o.placed_at, o.placed_at
     from bench_subs b
     join orders o on o.id = ${o0} + b.g
     join bench_vendors v on v.n = (b.g + b.k) % $1
     cross join lateral (select (50000 + (b.g::bigint * 7919) % 200000)::bigint as amount, round((50000 + (b.g::bigint * 7919) % 200000) / 1.05)::bigint as taxable) a`,
    [vendors],
  );
  log('sub-orders', ((performance.now() - started) / 1000).toFixed(1), 's');
  await db.query(
    `insert into order_lines (id, order_id, sub_order_id, variant_id, warehouse_id, sku, product_name, hsn_code, quantity, unit_price_paise,
       tax_rate_bp, price_mode, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise)
     select ${l0} + s.id - ${s0}, s.order_id, s.id, v.variant_id, s.warehouse_id, pv.sku, p.name, '6204', 1, s.total_paise,
       500, 'inclusive', s.taxable_paise, s.cgst_paise, s.sgst_paise, 0, s.total_paise
     from sub_orders s
     join bench_vendors v on v.vendor_id = s.vendor_id
     join product_variants pv on pv.id = v.variant_id
     join products p on p.id = pv.product_id
     where s.id > ${s0}`,
  );
  for (const [seq, table] of [
    ['orders_id_seq', 'orders'],
    ['sub_orders_id_seq', 'sub_orders'],
    ['order_lines_id_seq', 'order_lines'],
  ])
    await db.query(`select setval('${seq}', (select max(id) from ${table}))`);
  await db.query(`set session_replication_role = origin`);
  await db.query(`analyze orders; analyze sub_orders; analyze order_lines`);
  const counts = (
    await db.query(
      `select (select count(*) from orders)::int as orders, (select count(*) from sub_orders)::int as sub_orders, (select count(*) from order_lines)::int as lines`,
    )
  ).rows[0] as Record<string, number>;
  return { rows: counts, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) };
}
