/**
 * What a size chart's grid holds, without zod: the editor (components/GridField.tsx) loads this,
 * and zod is left to the form's schema, loaded on the first interaction (page JavaScript budget).
 */

/** What a grid field holds and how its parts are named on screen. */
export interface GridSpec {
  /** The value's keys: `sizes`, `measurements`, `values` (values[row][column]). */
  keys: { rows: string; columns: string; values: string };
  /** What one row and one column are (`size`, `measurement`): the buttons and labels say it. */
  rowNoun: string;
  columnNoun: string;
  maxRows: number;
  maxColumns: number;
  /** A new, empty grid starts with these names. */
  initialRows?: string[];
  initialColumns?: string[];
  /** Shown after each cell's number (the unit field's value: cm, in). */
  unitField?: string;
}

/** A new grid: the declared starting names, every cell blank. */
export function emptyGrid(spec: GridSpec): Record<string, unknown> {
  const rows = spec.initialRows ?? [''];
  const columns = spec.initialColumns ?? [''];
  return { [spec.keys.rows]: rows, [spec.keys.columns]: columns, [spec.keys.values]: rows.map(() => columns.map(() => null)) };
}
