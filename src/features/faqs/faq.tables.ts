/**
 * The FAQs tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

export const faqs = pgTable(
  'faqs',
  {
    id: serial('id').primaryKey(),
    question: text('question').notNull(),
    /** Markdown; rendered with raw HTML disabled, so it can't carry script. */
    answer: text('answer').notNull(),
    /** 'customer' | 'vendor' */
    audience: text('audience').notNull().default('customer'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('faqs_audience_question_lower_idx').on(t.audience, sql`lower(${t.question})`), index('faqs_sort_idx').on(t.audience, t.sortOrder, t.id)],
);
