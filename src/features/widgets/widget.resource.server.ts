/** Widgets on the server: the table behind the declaration, and the rules only widgets have. */
import { sql } from 'drizzle-orm';
import { widgets } from './widget.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { isChosenFile } from '@/lib/areas/field-schemas.ts';
import { invalid } from '@/lib/http/errors.ts';
import { ALT_TEXT_MESSAGE, TYPES_NEEDING_AN_IMAGE, WIDGET_TYPES, widgetArea } from './widget.area.ts';

/**
 * What the storefront shows now: off (inactive), expired (its end has passed), scheduled (its
 * start is ahead) or live. Computed by the database at read time, so it is always current and
 * can be filtered and sorted like a column.
 */
// Qualified by hand, like the brands' count: the expression is also used where Drizzle drops table names.
const visibility = sql<string>`(case when "widgets"."status" <> 'active' then 'inactive'
  when "widgets"."ends_at" is not null and "widgets"."ends_at" <= now() then 'expired'
  when "widgets"."starts_at" is not null and "widgets"."starts_at" > now() then 'scheduled'
  else 'live' end)`;

const typeLabel = (type: string) => WIDGET_TYPES.find((t) => t.value === type)?.label ?? type;
const iso = (d: unknown) => (d instanceof Date ? d.toISOString() : null);

export const widgetResource = defineResource({
  area: widgetArea,
  table: widgets,
  tableName: 'widgets',
  searchColumns: [widgets.title, widgets.linkUrl, widgets.altText],
  computed: { visibility },
  serialize: (r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    image_url: r.imagePath ? `/uploads/${r.imagePath}` : null,
    alt_text: r.altText ?? '',
    link_url: r.linkUrl ?? '',
    position: r.position,
    starts_at: iso(r.startsAt),
    ends_at: iso(r.endsAt),
    status: r.status,
    visibility: r.visibility,
    ...recordStamps(r),
  }),
  toValues: (input, existing) => {
    // The image the widget will have once saved: a new one, or the saved one unless removed.
    const hasImage = isChosenFile(input.image) || (Boolean(existing?.imagePath) && input.image_remove !== 'true');
    const errors: Record<string, string[]> = {};
    if (TYPES_NEEDING_AN_IMAGE.includes(input.type) && !hasImage) errors.image = [`A ${typeLabel(input.type).toLowerCase()} needs an image.`];
    if (hasImage && !input.alt_text) errors.alt_text = [ALT_TEXT_MESSAGE];
    if (Object.keys(errors).length) throw invalid(errors);
    return {
      title: input.title,
      type: input.type,
      altText: input.alt_text || null,
      linkUrl: input.link_url,
      // Blank on an edit keeps the place it has; blank on a new widget puts it last (resolve).
      position: input.position ?? existing?.position,
      startsAt: input.starts_at,
      endsAt: input.ends_at,
      status: input.status,
    };
  },
  resolve: async (db, values) => {
    if (values.position !== undefined) return values;
    const [last] = await db.select({ n: sql<number>`coalesce(max(${widgets.position}), 0)::int` }).from(widgets);
    return { ...values, position: Number(last?.n ?? 0) + 1 };
  },
  images: [{ field: 'image', column: 'imagePath' }],
});
