/** Taxes on the server: the table behind the declaration, and what only taxes have. */
import { sql } from 'drizzle-orm';
import { products } from '@/features/products/product.tables.ts';
import { taxes } from './tax.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { countUses, describeUses, recordStamps, storedPercent, uniqueName } from '@/lib/areas/resource-helpers.server.ts';
import { hsnKind } from '@/lib/india/formats.ts';
import { taxArea } from './tax.area.ts';

/** SAC codes are HSN chapter 99 (services); the same rule as hsnKind() in the browser. */
const codeKind = sql<string>`(case when "taxes"."hsn_code" like '99%' then 'sac' else 'hsn' end)`;

export const taxResource = defineResource({
  area: taxArea,
  table: taxes,
  tableName: 'taxes',
  sources: { code_kind: codeKind },
  searchColumns: [taxes.name, taxes.hsnCode],
  serialize: (r) => ({
    id: r.id,
    name: r.name,
    rate_percent: Number(r.ratePercent),
    hsn_code: r.hsnCode,
    code_kind: hsnKind(String(r.hsnCode)),
    price_mode: r.priceMode,
    products_count: Number(r.productsCount ?? 0),
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input) => ({
    name: input.name,
    ratePercent: storedPercent(input.rate_percent as number),
    hsnCode: input.hsn_code,
    priceMode: input.price_mode,
    status: input.status,
  }),
  // "Apparel (GST 5%)" reads the same with its code in a product's tax picker.
  optionLabel: (r) => `${String(r.name)} · ${String(r.hsn_code)}`,
  unique: [uniqueName(taxes.name, 'tax')],
  deleteBlocker: async (db, ids) =>
    describeUses(ids, [{ counts: await countUses(db, products, products.taxId, ids), one: 'product', many: 'products', verb: 'is used by' }]),
});
