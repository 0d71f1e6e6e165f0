/**
 * Ledger tax rates (issue 18 §5, docs/money.md "Withholding"): the rates the earnings ledger applies,
 * each from the IST date it starts — GST TCS (s.52 CGST Act), income-tax TDS (s.194-O, and without a
 * PAN) and GST on the marketplace's commission. Never constants: when the law changes, staff add the
 * new rate with its start date; entries keep the rate they used. Under the `taxes` permissions
 * (they are taxes); menu: Money → Ledger Tax Rates. No server imports.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { optionalText, requiredPercent } from '@/lib/areas/field-schemas.ts';

export const LEDGER_TAX_KIND_OPTIONS = [
  { value: 'tcs', label: 'GST TCS (s.52)' },
  { value: 'tds', label: 'Income-tax TDS (s.194-O)' },
  { value: 'tds_no_pan', label: 'TDS without PAN' },
  { value: 'commission_gst', label: 'GST on commission' },
] as const;

const calendarDate = z
  .string('Enter the date it starts, e.g. 2024-07-10.')
  .trim()
  .refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return d.getUTCDate() === Number(m[3]) && Number(m[1]) >= 2000 && Number(m[1]) <= 2200;
  }, 'Enter the date it starts, e.g. 2024-07-10.');

export const ledgerTaxRateSchema = z.strictObject({
  kind: z.enum(['tcs', 'tds', 'tds_no_pan', 'commission_gst'], { error: 'Choose what the rate is for.' }),
  rate_percent: requiredPercent('Enter the rate, e.g. 0.5 or 18.'),
  starts_on: calendarDate,
  code: optionalText(40),
  source: optionalText(300),
});
export type LedgerTaxRateInput = z.infer<typeof ledgerTaxRateSchema>;

export const ledgerTaxRateArea = defineArea({
  key: 'ledger-tax-rates',
  permissionArea: 'taxes',
  label: 'Ledger Tax Rates',
  singular: 'Ledger tax rate',
  paths: { list: '/ledger-tax-rates/listing', add: '/ledger-tax-rates/add', edit: '/ledger-tax-rates/:id/edit' },
  schema: ledgerTaxRateSchema,
  titleField: 'title',
  defaultSort: { field: 'starts_on', order: 'desc' },
  searchPlaceholder: 'Search rates by code or source',
  fields: [
    { name: 'kind', label: 'For', input: 'select', options: LEDGER_TAX_KIND_OPTIONS },
    {
      name: 'rate_percent',
      label: 'Rate %',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 0.5',
      hint: 'The whole rate: TCS within a state is half CGST, half SGST. At most 2 decimals.',
    },
    {
      name: 'starts_on',
      label: 'In force from',
      input: 'text',
      inputType: 'date',
      hint: 'From midnight India time. A delivery that day, or later, uses it (until a later rate starts).',
    },
    { name: 'code', label: 'Code', input: 'text', placeholder: 'e.g. 998599 or s.52 CGST Act', hint: 'The SAC code of GST on commission, or the section.' },
    {
      name: 'source',
      label: 'Source',
      input: 'textarea',
      wide: true,
      placeholder: 'e.g. Notification 15/2024-Central Tax',
      hint: 'Where the rate comes from.',
    },
  ],
  columns: [
    { field: 'kind', header: 'For', kind: 'enum', sortable: true, filterable: true, options: LEDGER_TAX_KIND_OPTIONS, display: 'status' },
    { field: 'rate_percent', header: 'Rate %', kind: 'number', sortable: true, filterable: true, display: 'number' },
    // A calendar date (2024-07-10), not an instant: shown as written.
    { field: 'starts_on', header: 'In force from', kind: 'date', sortable: true, filterable: true, display: 'text' },
    { field: 'code', header: 'Code', kind: 'text', filterable: true, emptyText: '—' },
    { field: 'source', header: 'Source', kind: 'text', filterable: true, secondary: true, emptyText: '—' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
