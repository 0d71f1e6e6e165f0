/**
 * Users: the back-office's logins (staff and vendors' people). Staff add a user with name, email,
 * phone and roles; the user sets their own password from an invitation mail (no password is typed
 * by the admin or mailed). Edit changes name, phone, roles and status (Active / Deactivated).
 * Users are deactivated, never deleted: their activity stays attributed.
 */
import { z } from 'zod';
import { defineArea, relationSetField } from '@/lib/areas/area.ts';
import { requiredText } from '@/lib/areas/field-schemas.ts';
import { indianMobile } from '@/lib/india/formats.ts';

/** Stored values stay 'active' | 'disabled'; people read Active / Deactivated. */
export const USER_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Deactivated' },
] as const;

export const USER_TYPES = [
  { value: 'staff', label: 'Staff' },
  { value: 'vendor', label: 'Vendor' },
] as const;

export const TWO_FACTOR_STATES = [
  { value: 'on', label: 'On' },
  { value: 'off', label: 'Off' },
] as const;

const ROLES_MESSAGE = 'Choose roles from the list.';

/** Role ids: a JSON array from the form's role picker ("[1,3]"), or an array from a JSON client. */
export const roleIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === '') return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  },
  z
    .array(z.coerce.number({ error: ROLES_MESSAGE }).int(ROLES_MESSAGE).positive(ROLES_MESSAGE), { error: ROLES_MESSAGE })
    .max(100, ROLES_MESSAGE)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
);

export const userSchema = z.strictObject({
  name: requiredText('Enter the user’s name.'),
  email: z
    .string('Enter an email address such as ops@example.com.')
    .trim()
    .toLowerCase()
    .max(254, 'At most 254 characters.')
    .refine((v) => z.email().safeParse(v).success, 'Enter an email address such as ops@example.com.'),
  phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), indianMobile.optional()),
  role_ids: roleIds,
  status: z.enum(['active', 'disabled'], { error: 'Choose Active or Deactivated.' }).default('active'),
});
export type UserInput = z.infer<typeof userSchema>;

export const userArea = defineArea({
  key: 'users',
  permissionArea: 'users',
  label: 'Users',
  singular: 'User',
  paths: { list: '/users/list', add: '/users/add', edit: '/users/:id/edit' },
  schema: userSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  searchPlaceholder: 'Search users by name, email or phone',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Meera Iyer', required: true },
    {
      name: 'email',
      label: 'Email',
      input: 'text',
      inputType: 'email',
      required: true,
      readOnlyOnEdit: true,
      hint: 'The invitation to set a password goes here. It is how the user signs in: they change it on their profile.',
    },
    { name: 'phone', label: 'Mobile', input: 'text', inputType: 'tel', placeholder: '98450 12345' },
    // Every role, from the users' own list of them (users:list; the roles area's options need roles:list).
    relationSetField(
      'role_ids',
      'Roles',
      { path: '/api/users/roles', noun: 'role', nouns: 'roles', search: false },
      { hint: 'What the user may do is the union of their roles’ permissions (and any direct grants).' },
    ),
    {
      name: 'status',
      label: 'Status',
      input: 'select',
      options: USER_STATUSES,
      on: 'edit',
      hint: 'Deactivating signs the user out everywhere at once, and they can’t sign in until reactivated.',
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'email', header: 'Email', kind: 'text', sortable: true, filterable: true },
    { field: 'phone', header: 'Phone', kind: 'text', sortable: true, filterable: true, secondary: true },
    { field: 'user_type', header: 'Type', kind: 'enum', sortable: true, filterable: true, options: USER_TYPES, secondary: true },
    // Filtered by picking roles (their ids: users holding any of them), not by typing a name.
    { field: 'role_names', header: 'Roles', kind: 'text', sortable: true, filterable: true, relation: { area: 'roles', field: 'role_id' } },
    { field: 'status', header: 'Status', kind: 'enum', sortable: true, filterable: true, options: USER_STATUSES, display: 'status' },
    { field: 'two_factor', header: '2FA', kind: 'enum', sortable: true, filterable: true, options: TWO_FACTOR_STATES, secondary: true },
    { field: 'last_sign_in_at', header: 'Last sign-in', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true, emptyText: 'Never' },
    { field: 'created_at', header: 'Created', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
  apiRoutes: [{ pattern: '/api/users/roles', method: 'GET', action: 'list', summary: 'The roles a user can be given: `{ data: [{ value, label }] }`.' }],
});
