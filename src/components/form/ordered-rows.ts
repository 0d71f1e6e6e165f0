/**
 * What an ordered-rows field holds (the form kit's `ordered-rows` input, OrderedRowsField.tsx):
 * a list of rows in the order the person puts them, each with a few named inputs (a matrix
 * group's values: the value and, for a colour group, its swatch). A saved row keeps its `id`, so
 * renaming or moving a row changes that row, not a new one. Without zod: the editor loads this,
 * and the rules are the area's schema's (`orderedRows` in src/lib/areas/field-schemas.ts).
 */

export interface OrderedRowsColumn {
  /** The row property (`value`, `swatch`). */
  key: string;
  /** The column heading; each input is labelled "<label> of row 2" / "<label> of S". */
  label: string;
  /** `colour`: a colour picker with the hex code beside it and a readable preview of the row. */
  input: 'text' | 'colour';
  maxLength?: number;
  placeholder?: string;
  /** Drawn only while another field of the form has this value (a swatch for a colour group). */
  showWhen?: { field: string; equals: string };
  /** A new row's value of this column. */
  initial?: string;
}

export interface OrderedRowsSpec {
  /** What one row is (`value`): the buttons and labels say it. */
  noun: string;
  /** The column whose text names a row in labels and messages ("Move S up"). */
  titleKey: string;
  columns: OrderedRowsColumn[];
  maxRows: number;
}

export type OrderedRow = Record<string, string | number | null | undefined> & { id?: number | null };

/** The rows in a field's value (JSON text); anything unreadable is no rows. */
export function readRows(value: string): OrderedRow[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((r): r is OrderedRow => typeof r === 'object' && r !== null) : [];
  } catch {
    return [];
  }
}

/** A new row: each column's initial value (or blank), no id. */
export const newRow = (spec: OrderedRowsSpec): OrderedRow => Object.fromEntries(spec.columns.map((c) => [c.key, c.initial ?? '']));
