/**
 * Small pieces the areas' resources share: "still used by…" delete blockers, upload URLs and
 * percentages as the database stores them.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db/client.server.ts';
import { invalid } from '@/lib/http/errors.ts';
import { slugify } from '@/lib/text/slug.ts';
import type { Row, UniqueRule } from './resource.server.ts';

/**
 * The record a form's reference points at (`state_id` → the state), with the columns asked for, or
 * undefined when it doesn't exist: a `resolve` answers 422 beside the field, or reads what it
 * derives from it (a pincode's state from its city).
 */
export async function findReferenced<F extends Record<string, PgColumn>>(
  db: DbOrTx,
  idColumn: PgColumn,
  id: unknown,
  fields: F,
): Promise<{ [K in keyof F]: F[K]['_']['data'] } | undefined> {
  const [row] = await db
    .select(fields as Record<string, PgColumn>)
    .from(idColumn.table)
    .where(eq(idColumn, Number(id)))
    .limit(1);
  return row as { [K in keyof F]: F[K]['_']['data'] } | undefined;
}

/** A record's dates and version as the API sends them (the version is what an edit sends back). */
export const recordStamps = (r: Row) => ({
  created_at: (r.createdAt as Date).toISOString(),
  updated_at: (r.updatedAt as Date).toISOString(),
  version: r.version,
});

/** How many rows of `table` refer to each of `ids` through `column` (ids with none are absent). */
export async function countUses(db: DbOrTx, table: PgTable, column: PgColumn, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: column, n: sql<number>`count(*)::int` })
    .from(table)
    .where(inArray(column, ids))
    .groupBy(column);
  return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
}

export interface Uses {
  counts: Map<number, number>;
  one: string;
  many: string;
  /** "is used by" (products), "has" (sub-categories). */
  verb: string;
}

/**
 * A `deleteBlocker`'s answer from counts of what still refers to each record:
 * "it has 2 sub-categories and is used by 3 products."
 */
export function describeUses(ids: number[], uses: Uses[]): Map<number, string> {
  const reasons = new Map<number, string>();
  for (const id of ids) {
    const parts = uses.flatMap(({ counts, one, many, verb }) => {
      const n = counts.get(id) ?? 0;
      return n > 0 ? [`${verb} ${n} ${n === 1 ? one : many}`] : [];
    });
    if (parts.length) reasons.set(id, `it ${parts.join(' and ')}.`);
  }
  return reasons;
}

/** An upload key as the URL the browser loads it from. */
export const uploadUrl = (key: unknown): string | null => (key ? `/uploads/${String(key)}` : null);

/** A parsed percentage as a numeric(5,2) column stores it; null stays null ("not set"). */
export const storedPercent = (value: number | null | undefined): string | null => (value === null || value === undefined ? null : value.toFixed(2));

/**
 * The slug to save: the one typed, else the saved one (links to it keep working when the name
 * changes), else one made from the name. A name with no letters or digits ("★★") makes none: 422.
 */
export function slugValue(typed: string | undefined, name: string, existing?: Record<string, unknown>): string {
  const slug = typed || (existing?.slug as string | undefined) || slugify(name);
  if (!slug) throw invalid({ slug: ['Enter a slug: the name has no letters or digits to make one from.'] });
  return slug;
}

/** The slug is unique across the area. */
export const uniqueSlug = (slug: PgColumn, singular: string): UniqueRule => ({
  field: 'slug',
  expression: () => slug,
  value: (v) => v.slug,
  message: `This slug is already used by another ${singular}.`,
});

/** The name is unique ignoring case, like a `lower(name)` unique index. */
export const uniqueName = (name: PgColumn, singular: string): UniqueRule => ({
  field: 'name',
  expression: () => sql`lower(${name})`,
  value: (v) => String(v.name).toLowerCase(),
  message: `A ${singular} with this name already exists.`,
});

/** The name is unique ignoring case, and so is the slug. */
export const uniqueNameAndSlug = (name: PgColumn, slug: PgColumn, singular: string): UniqueRule[] => [uniqueName(name, singular), uniqueSlug(slug, singular)];
