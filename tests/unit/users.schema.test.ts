/** The users form's one schema (src/features/users/user.area.ts): what the form and the API accept. */
import { describe, expect, it } from 'vitest';
import { userSchema } from '../../src/features/users/user.area.ts';

const base = { name: 'Meera Iyer', email: 'Meera@Example.com' };

describe('userSchema', () => {
  it('reads roles from the form’s JSON text or a JSON client’s array, without duplicates, in order', () => {
    expect(userSchema.parse({ ...base, role_ids: '[3,1,3]' }).role_ids).toEqual([1, 3]);
    expect(userSchema.parse({ ...base, role_ids: [2, '5'] }).role_ids).toEqual([2, 5]);
    expect(userSchema.parse({ ...base, role_ids: '' }).role_ids).toEqual([]);
    expect(userSchema.parse(base).role_ids).toEqual([]);
  });

  it('refuses roles that are not ids, with the field’s message', () => {
    for (const role_ids of ['abc', '[0]', '[1.5]', '{"a":1}', [-1]]) {
      const result = userSchema.safeParse({ ...base, role_ids });
      expect(result.success, JSON.stringify(role_ids)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose roles from the list.');
    }
  });

  it('lower-cases the email, normalises an Indian mobile to +91, and defaults the status to active', () => {
    const parsed = userSchema.parse({ ...base, phone: '098450 12345' });
    expect(parsed).toMatchObject({ email: 'meera@example.com', phone: '+919845012345', status: 'active' });
    expect(userSchema.parse({ ...base, phone: '' }).phone).toBeUndefined();
    expect(userSchema.safeParse({ ...base, phone: '12345' }).success).toBe(false);
    expect(userSchema.safeParse({ ...base, email: 'not-an-email' }).success).toBe(false);
  });

  it('takes only Active or Deactivated as stored values, and no unknown field (no password)', () => {
    expect(userSchema.parse({ ...base, status: 'disabled' }).status).toBe('disabled');
    expect(userSchema.safeParse({ ...base, status: 'deactivated' }).success).toBe(false);
    expect(userSchema.safeParse({ ...base, password: 'Secret@123' }).success).toBe(false);
  });
});
