/** FAQs on the server: the table behind the declaration, the answer rendered once for every reader. */
import { eq, sql } from 'drizzle-orm';
import { faqs } from './faq.tables.ts';
import { defineResource } from '@/lib/areas/resource.server.ts';
import { recordStamps } from '@/lib/areas/resource-helpers.server.ts';
import { renderMarkdown } from '@/lib/text/markdown.server.ts';
import { faqArea } from './faq.area.ts';

export const faqResource = defineResource({
  area: faqArea,
  table: faqs,
  tableName: 'faqs',
  searchColumns: [faqs.question, faqs.answer],
  serialize: (r) => ({
    id: r.id,
    question: r.question,
    answer: r.answer,
    // The one place Markdown becomes HTML: raw HTML escaped, only http(s), mailto and relative links.
    answer_html: renderMarkdown(String(r.answer)),
    audience: r.audience,
    sort_order: r.sortOrder,
    status: r.status,
    ...recordStamps(r),
  }),
  toValues: (input, existing) => ({
    question: input.question,
    answer: input.answer,
    audience: input.audience,
    // Blank on an edit keeps its place (unless it moves to the other audience: then last there).
    sortOrder: input.sort_order ?? (existing?.audience === input.audience ? existing?.sortOrder : undefined),
    status: input.status,
  }),
  resolve: async (db, values) => {
    if (values.sortOrder !== undefined) return values;
    const [last] = await db
      .select({ n: sql<number>`coalesce(max(${faqs.sortOrder}), 0)::int` })
      .from(faqs)
      .where(eq(faqs.audience, String(values.audience)));
    return { ...values, sortOrder: Number(last?.n ?? 0) + 1 };
  },
  unique: [
    {
      field: 'question',
      expression: (t) => sql`${(t as typeof faqs).audience} || ':' || lower(${(t as typeof faqs).question})`,
      value: (v) => `${String(v.audience)}:${String(v.question).toLowerCase()}`,
      message: 'This question is already in the FAQs for this audience.',
    },
  ],
});
