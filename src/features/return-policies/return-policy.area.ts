/** Return policies (one for any brand, or a brand's own): the declaration the list, the form, the API, the registry and the search read. */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { ACTIVE_STATUSES, activeStatus, formBoolean, optionalRecordId, optionalText, requiredText } from '@/lib/areas/field-schemas.ts';

export const RETURNABLE_OPTIONS = [
  { value: 'true', label: 'Returns accepted' },
  { value: 'false', label: 'No returns' },
] as const;

export const MAX_RETURN_WINDOW_DAYS = 365;

export const returnPolicySchema = z
  .strictObject({
    title: requiredText('Enter the policy’s title.'),
    brand_id: optionalRecordId('Choose a brand from the list, or None.'),
    is_returnable: formBoolean('Choose whether returns are accepted.').default(true),
    return_window_days: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce
        .number({ error: 'Enter a number of days.' })
        .int('Enter a whole number of days.')
        .min(0, 'At least 0 days.')
        .max(MAX_RETURN_WINDOW_DAYS, `At most ${MAX_RETURN_WINDOW_DAYS} days.`)
        .nullable(),
    ),
    conditions: optionalText(5000),
    status: activeStatus,
  })
  // The window belongs to returnable policies only: a returnable one needs it, one without returns has none.
  .superRefine((v, ctx) => {
    const days = v.return_window_days ?? 0;
    if (v.is_returnable && days < 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['return_window_days'],
        message: `Enter how many days after delivery a return may be asked for: 1 to ${MAX_RETURN_WINDOW_DAYS}.`,
      });
    }
    if (!v.is_returnable && days !== 0) {
      ctx.addIssue({ code: 'custom', path: ['return_window_days'], message: 'A policy without returns has no return window: leave it blank.' });
    }
  });
export type ReturnPolicyInput = z.infer<typeof returnPolicySchema>;

export const returnPolicyArea = defineArea({
  key: 'return-policies',
  permissionArea: 'return-policies',
  label: 'Return Policies',
  singular: 'Return policy',
  paths: { list: '/return-policies/listing', add: '/return-policies/add', edit: '/return-policies/:id/edit' },
  schema: returnPolicySchema,
  titleField: 'title',
  defaultSort: { field: 'title', order: 'asc' },
  statusField: { field: 'status', options: ACTIVE_STATUSES },
  searchPlaceholder: 'Search return policies by title',
  // Vendors choose a product's return policy: a policy's id and title are reference data.
  optionsAccess: 'auth',
  scopedLists: [
    {
      path: '/brand/:id/return-policies/listing',
      parentArea: 'brands',
      field: 'brand_id',
      title: 'Brand return policies',
      linkLabel: 'Return policies',
      heading: 'Return policies of {name}',
    },
  ],
  fields: [
    { name: 'title', label: 'Title', input: 'text', placeholder: 'e.g. 7-day easy returns', wide: true },
    {
      name: 'brand_id',
      label: 'Brand',
      input: 'relation',
      relation: { area: 'brands', optional: true, labelFrom: 'brand_name' },
      hint: 'A brand’s own policy, or None for a policy any brand may use.',
    },
    { name: 'status', label: 'Status', input: 'select', options: ACTIVE_STATUSES },
    { name: 'is_returnable', label: 'Returns', input: 'select', options: RETURNABLE_OPTIONS },
    {
      name: 'return_window_days',
      label: 'Return window (days)',
      input: 'text',
      inputType: 'number',
      placeholder: 'e.g. 7',
      hint: `Days after delivery a return may be asked for, 1 to ${MAX_RETURN_WINDOW_DAYS}. Leave blank when returns are not accepted.`,
    },
    {
      name: 'conditions',
      label: 'Conditions',
      input: 'textarea',
      placeholder: 'e.g. Unused, with tags and the original packaging. Innerwear and cosmetics can’t be returned once opened.',
      hint: 'Shown to customers with the product.',
    },
  ],
  columns: [
    { field: 'title', header: 'Title', kind: 'text', sortable: true, filterable: true },
    // Shows the brand's name; its filter is a pick-list of brands sending brand_id in [ids].
    {
      field: 'brand_name',
      header: 'Brand',
      kind: 'text',
      sortable: true,
      filterable: true,
      relation: { area: 'brands', field: 'brand_id' },
      emptyText: 'Any brand',
    },
    { field: 'is_returnable', header: 'Returns', kind: 'boolean', sortable: true, filterable: true, options: RETURNABLE_OPTIONS, display: 'status' },
    { field: 'return_window_days', header: 'Window (days)', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: ACTIVE_STATUSES, display: 'status' },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
