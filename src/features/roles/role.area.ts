/**
 * Roles: the declaration the list at /roles, the add/edit forms, GET/POST/PUT/DELETE /api/roles,
 * the registry and the search read. A role's grants are edited on its own page,
 * /permissions/{id} (the permission matrix), not in this form.
 */
import { z } from 'zod';
import { defineArea } from '@/lib/areas/area.ts';
import { formBoolean, optionalText, requiredText } from '@/lib/areas/field-schemas.ts';

/** The built-in role that always holds every permission and can't be changed. */
export const SUPER_ADMIN_ROLE = 'Super Admin';

export const roleSchema = z.strictObject({
  name: requiredText('Enter the role name.', 80),
  description: optionalText(500),
  requires_two_factor: formBoolean('Choose whether the role requires two-factor sign-in.').default(false),
});
export type RoleInput = z.infer<typeof roleSchema>;

export const roleArea = defineArea({
  key: 'roles',
  permissionArea: 'rbac',
  label: 'Roles',
  singular: 'Role',
  paths: { list: '/roles', add: '/roles/add', edit: '/roles/:id/edit' },
  schema: roleSchema,
  titleField: 'name',
  defaultSort: { field: 'name', order: 'asc' },
  searchPlaceholder: 'Search roles by name or description',
  fields: [
    { name: 'name', label: 'Name', input: 'text', placeholder: 'e.g. Catalogue editors' },
    { name: 'description', label: 'Description', input: 'textarea', hint: 'What people holding this role do.' },
    {
      name: 'requires_two_factor',
      label: 'Require two-factor sign-in',
      input: 'checkbox',
      hint: 'People holding this role are taken to set up two-factor sign-in at their next sign-in.',
      wide: true,
    },
  ],
  columns: [
    { field: 'name', header: 'Name', kind: 'text', sortable: true, filterable: true },
    { field: 'description', header: 'Description', kind: 'text', filterable: true, secondary: true },
    { field: 'users_count', header: 'Users', kind: 'number', sortable: true, filterable: true, display: 'number' },
    { field: 'permissions_count', header: 'Permissions', kind: 'number', sortable: true, filterable: true, display: 'number', secondary: true },
    {
      field: 'requires_two_factor',
      header: 'Two-factor',
      kind: 'boolean',
      sortable: true,
      filterable: true,
      options: [
        { value: 'true', label: 'Required' },
        { value: 'false', label: 'Optional' },
      ],
      display: 'status',
      secondary: true,
    },
    { field: 'updated_at', header: 'Updated', kind: 'date', sortable: true, filterable: true, display: 'date', secondary: true },
  ],
});
