/**
 * The schema of a grid field (a size chart's GridField, the area's own input): named rows, named columns and a
 * number or nothing in each cell. One schema for the form and the API, so the editor's errors
 * land on the exact cell (`grid.values.2.1`) or name (`grid.sizes.3`) on both sides. A form sends
 * the grid as JSON text in its multipart body; an API client may send the object itself.
 */
import { z } from 'zod';
import type { GridSpec } from './grid-spec.ts';

export interface NumberGridRules {
  /** Largest value of a cell (the smallest is 0). */
  max: number;
  /** Decimal places a cell may have. */
  decimals: number;
  /** Longest name of a row or column. */
  nameLength: number;
}

export type NumberGrid = Record<string, unknown>;

const parsedJson = (value: unknown) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function numberGridSchema(spec: GridSpec, rules: NumberGridRules) {
  const { rows, columns, values } = spec.keys;
  const cellMessage = `Enter a number from 0 to ${rules.max}${rules.decimals ? ` with at most ${plural(rules.decimals, 'decimal place')}` : ''}, or leave it blank.`;
  const decimalsPattern = rules.decimals ? new RegExp(`^(\\d+(\\.\\d{1,${rules.decimals}})?|\\.\\d{1,${rules.decimals}})$`) : /^\d+$/;
  const cell = z.union([z.number(), z.string(), z.null()], { error: cellMessage }).transform((raw, ctx) => {
    const text = typeof raw === 'string' ? raw.trim() : raw;
    if (text === null || text === '') return null;
    const n = Number(text);
    const ok = Number.isFinite(n) && n >= 0 && n <= rules.max && decimalsPattern.test(typeof text === 'number' ? String(text) : text);
    if (!ok) {
      ctx.addIssue({ code: 'custom', message: cellMessage });
      return z.NEVER;
    }
    return n;
  });
  const names = (noun: string, max: number) =>
    z
      .array(
        z
          .string({ error: `Name each ${noun}.` })
          .trim()
          .min(1, `Name each ${noun}.`)
          .max(rules.nameLength, `At most ${rules.nameLength} characters.`),
        { error: `List the ${noun}s.` },
      )
      .min(1, `Add at least one ${noun}.`)
      .max(max, `At most ${plural(max, noun)}.`);
  const shape = z.strictObject(
    {
      [rows]: names(spec.rowNoun, spec.maxRows),
      [columns]: names(spec.columnNoun, spec.maxColumns),
      [values]: z.array(z.array(cell).max(spec.maxColumns), { error: 'Send the cells as rows of numbers.' }).max(spec.maxRows),
    },
    { error: `Send the grid as { ${rows}, ${columns}, ${values} }.` },
  );
  const checked = shape.superRefine((grid, ctx) => {
    const g = grid as Record<string, unknown[]>;
    for (const [key, noun] of [
      [rows, spec.rowNoun],
      [columns, spec.columnNoun],
    ] as const) {
      const seen = new Set<string>();
      (g[key] as string[]).forEach((name, i) => {
        const k = name.toLowerCase();
        if (seen.has(k)) ctx.addIssue({ code: 'custom', path: [key, i], message: `Another ${noun} is already called "${name}".` });
        seen.add(k);
      });
    }
    const cells = g[values] as unknown[][];
    if (cells.length !== g[rows]!.length || cells.some((row) => row.length !== g[columns]!.length)) {
      ctx.addIssue({ code: 'custom', path: [values], message: `Send one row of cells per ${spec.rowNoun}, each with one cell per ${spec.columnNoun}.` });
    }
  });
  // Described for the API reference: the JSON text a form sends can't be expressed as a type.
  return z
    .preprocess(parsedJson, checked)
    .describe(
      `{ ${rows}: string[], ${columns}: string[], ${values}: (number | null)[][] } (values[${spec.rowNoun}][${spec.columnNoun}]), as an object or as JSON text`,
    );
}
