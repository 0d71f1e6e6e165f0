/**
 * Option groups and value sets (Drizzle). A product matrix group is an option type (Size, Colour,
 * Material) with ordered values (S, M, L; Red #d00…); a product matrix is a reusable set of one
 * group's values ("Kids' sizes"). A product picks up to three groups and the values it uses.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

export const productMatrixGroups = pgTable(
  'product_matrix_groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'text' | 'colour' (values carry a swatch) */
    kind: text('kind').notNull().default('text'),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('product_matrix_groups_name_idx').on(sql`lower(${t.name})`), index('product_matrix_groups_name_id_idx').on(t.name, t.id)],
);

export const productMatrixValues = pgTable(
  'product_matrix_values',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productMatrixGroups.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** #rrggbb for a colour group's value. */
    swatch: text('swatch'),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_matrix_values_group_value_idx').on(t.groupId, sql`lower(${t.value})`),
    index('product_matrix_values_group_idx').on(t.groupId, t.position),
  ],
);

export const productMatrices = pgTable(
  'product_matrices',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productMatrixGroups.id, { onDelete: 'restrict' }),
    description: text('description'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('product_matrices_name_idx').on(sql`lower(${t.name})`),
    index('product_matrices_group_idx').on(t.groupId),
    index('product_matrices_name_id_idx').on(t.name, t.id),
  ],
);

export const productMatrixItems = pgTable(
  'product_matrix_items',
  {
    matrixId: integer('matrix_id')
      .notNull()
      .references(() => productMatrices.id, { onDelete: 'cascade' }),
    valueId: integer('value_id')
      .notNull()
      .references(() => productMatrixValues.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.matrixId, t.valueId] }), index('product_matrix_items_value_idx').on(t.valueId)],
);
