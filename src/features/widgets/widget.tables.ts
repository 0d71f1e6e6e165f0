/**
 * The widgets tables (Drizzle), kept beside the code that uses them. drizzle-kit reads these
 * with every other area's and the shared src/lib/db/schema.ts (drizzle.config.ts).
 */
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { timestamps } from '../../lib/db/columns.ts';

/** Storefront widgets and banners, shown in `position` order while their schedule is open. */
export const widgets = pgTable(
  'widgets',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** 'hero-banner' | 'strip' | 'category-tiles' | … (widget.area.ts) */
    type: text('type').notNull(),
    imagePath: text('image_path'),
    /** Text for screen readers and when the image can't load. */
    altText: text('alt_text'),
    /** A storefront path (/sale) or an https:// address. */
    linkUrl: text('link_url'),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** 'active' | 'inactive' */
    status: text('status').notNull().default('active'),
    ...timestamps,
    version: integer('version').notNull().default(1),
  },
  (t) => [index('widgets_position_idx').on(t.position, t.id)],
);
