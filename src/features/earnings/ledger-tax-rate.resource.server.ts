/** Ledger tax rates on the server (issue 18 §5): one rate per kind and start date. */
import { sql } from 'drizzle-orm';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { recordStamps, storedPercent } from '@/lib/areas/resource-helpers.server.ts';
import { LEDGER_TAX_KIND_OPTIONS, ledgerTaxRateArea } from './ledger-tax-rate.area.ts';
import { ledgerTaxRates } from './earnings.tables.ts';

const kindLabel = (kind: unknown) => LEDGER_TAX_KIND_OPTIONS.find((k) => k.value === kind)?.label ?? String(kind);
/** How a rate reads in confirmations and the activity log: "GST TCS (s.52) 0.50 % from 2024-07-10". */
const rateTitle = (r: Record<string, unknown>) => `${kindLabel(r.kind)} ${Number(r.ratePercent).toFixed(2)} % from ${String(r.startsOn)}`;

export const ledgerTaxRateResource = defineResource({
  area: ledgerTaxRateArea,
  table: ledgerTaxRates,
  tableName: 'ledger_tax_rates',
  searchColumns: [ledgerTaxRates.code, ledgerTaxRates.source],
  // A date column compared as one: the list's date filters take `2024-07-10`.
  sources: { starts_on: sql`${ledgerTaxRates.startsOn}::timestamptz` },
  serialize: (r) => ({
    id: r.id,
    title: rateTitle(r),
    kind: r.kind,
    rate_percent: Number(r.ratePercent),
    starts_on: String(r.startsOn),
    code: r.code ?? '',
    source: r.source ?? '',
    ...recordStamps(r),
  }),
  recordName: rateTitle,
  toValues: (input) => ({
    kind: input.kind,
    ratePercent: storedPercent(input.rate_percent as number),
    startsOn: input.starts_on,
    code: input.code || null,
    source: input.source || null,
  }),
  unique: [
    {
      field: 'starts_on',
      expression: (t) => sql`${(t as typeof ledgerTaxRates).kind} || ' ' || ${(t as typeof ledgerTaxRates).startsOn}::text`,
      value: (v) => `${String(v.kind)} ${String(v.startsOn)}`,
      message: 'A rate of this kind already starts on that date: edit it instead.',
    },
  ],
});
