/**
 * FAQs for the storefront's customers and for vendors (spec: /faqs/listing, /faqs/add,
 * /faqs/{id}/edit; permissions faqs:*). Answers are Markdown, rendered on the server with raw HTML
 * escaped and only safe links (src/lib/text/markdown.server.ts, decision 011).
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, optionalWholeNumber } from '@/lib/areas/field-schemas.ts';

export const FAQ_AUDIENCES = [
  { value: 'customer', label: 'Customers' },
  { value: 'vendor', label: 'Vendors' },
] as const;

export const FAQ_STATUSES = ACTIVE_STATUSES;

export const FAQ_ANSWER_MAX_LENGTH = 10_000;

export const faqSchema = z.strictObject({
  question: z.string('Enter the question.').trim().min(1, 'Enter the question.').max(300, 'At most 300 characters.'),
  answer: z
    .string('Write the answer.')
    // Forms send line breaks as CRLF (multipart): stored as typed, one kind of line break.
    .transform((text) => text.replace(/\r\n?/g, '\n'))
    .pipe(z.string().trim().min(1, 'Write the answer.').max(FAQ_ANSWER_MAX_LENGTH, `At most ${FAQ_ANSWER_MAX_LENGTH} characters.`)),
  audience: z.enum(['customer', 'vendor'], { error: 'Choose Customers or Vendors.' }).default('customer'),
  sort_order: optionalWholeNumber('Enter a whole number from 0 to 99999, or leave it blank to add it at the end.'),
  status: activeStatus,
});
export type FaqInput = z.infer<typeof faqSchema>;

export const faqArea = defineArea({
  key: 'faqs',
  permissionArea: 'faqs',
  label: 'FAQs',
  singular: 'FAQ',
  paths: { list: '/faqs/listing', add: '/faqs/add', edit: '/faqs/:id/edit' },
  schema: faqSchema,
  titleField: 'question',
  defaultSort: { field: 'sort_order', order: 'asc' },
  statusField: { field: 'status', options: FAQ_STATUSES },
  reorder: { field: 'sort_order' },
  searchPlaceholder: 'Search questions and answers',
  fields: [
    { name: 'question', label: 'Question', input: 'text', wide: true, placeholder: 'e.g. How do I return a product?' },
    { name: 'audience', label: 'Shown to', input: 'select', options: FAQ_AUDIENCES, hint: 'Customers see it on the storefront; vendors in their help pages.' },
    { name: 'status', label: 'Status', input: 'select', options: FAQ_STATUSES },
    {
      name: 'sort_order',
      label: 'Order',
      input: 'text',
      inputType: 'number',
      hint: 'Lower comes first among the same audience. Leave blank to add it at the end.',
    },
    { name: 'answer', label: 'Answer', input: 'markdown' },
  ],
  columns: [
    { field: 'sort_order', header: 'Order', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'question', header: 'Question', kind: 'text', sortable: true, filterable: true },
    { field: 'answer', header: 'Answer', kind: 'text', filterable: true },
    { field: 'audience', header: 'Shown to', kind: 'enum', sortable: true, filterable: true, options: FAQ_AUDIENCES, display: 'status' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: FAQ_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
