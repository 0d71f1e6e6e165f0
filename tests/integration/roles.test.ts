/**
 * Roles and grants over real HTTP against the built server: /api/roles on the list contract (user
 * counts, CRUD, export), delete refused while users hold the role (409 naming the count), the
 * Super Admin role locked, the permission matrices of a role and of a user (diff-only saves, role
 * vs direct cells), privilege escalation refused, vendors refused, the activity log's readable
 * diff, and a change seen by the affected user's very next request.
 *
 * Three staff users holding a "Role managers" role (rbac:list, rbac:create, rbac:update,
 * dashboard:view: no brands permissions) are written straight into the database before the tests.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_CREDENTIALS, HttpClient, type DemoAccount } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;
let manager: HttpClient;
let support: HttpClient;
let vendor: HttpClient;

type Role = { id: number; name: string; description: string; users_count: number; permissions_count: number; requires_two_factor: boolean; version: number };
type RoleMatrix = { role: { id: number; name: string }; granted: string[]; locked: string | null };
type UserMatrix = { user: { id: number; name: string }; granted: string[]; inherited: Record<string, string[]>; roles: string[] };

const MANAGERS = ['manager1@example.com', 'manager2@example.com', 'manager3@example.com'];
const ids = { managersRole: 0, superAdmin: 0, support: 0, supportUser: 0 };

async function signIn(email: string, password: string): Promise<HttpClient> {
  const client = app.client();
  await client.login({ email, password });
  return client;
}
const as = (account: DemoAccount) => signIn(DEMO_CREDENTIALS[account].email, DEMO_CREDENTIALS[account].password);

async function roleByName(name: string, client = admin): Promise<Role | undefined> {
  const qs = new URLSearchParams({ filters: JSON.stringify({ name: { operator: 'and', constraints: [{ matchMode: 'equals', value: name }] } }) });
  const { status, body } = await client.getJson<{ data: Role[] }>(`/api/roles?${qs}`);
  expect(status).toBe(200);
  return body.data[0];
}

async function createRole(name: string, extra: Record<string, unknown> = {}): Promise<Role> {
  const response = await admin.post('/api/roles', { json: { name, description: `${name} description`, ...extra } });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as Role;
}

const saveRole = (client: HttpClient, id: number, diff: { grant?: string[]; revoke?: string[] }) => client.post(`/api/permissions/${id}`, { json: diff });
const saveUser = (client: HttpClient, id: number, diff: { grant?: string[]; revoke?: string[] }) => client.post(`/api/user/permissions/${id}`, { json: diff });

beforeAll(async () => {
  // The managers share the support account's password hash, so they sign in with its password.
  await app.server.withDatabase(async (query) => {
    const [role] = await query(`insert into roles (name, description) values ('Role managers', 'Manage roles') returning id`);
    const roleId = Number(role!.id);
    await query(
      `insert into role_permissions (role_id, permission_id)
         select $1, id from permissions where name in ('rbac:list', 'rbac:create', 'rbac:update', 'dashboard:view', 'profile:view-details')`,
      [roleId],
    );
    for (const [i, email] of MANAGERS.entries()) {
      const [user] = await query(
        `insert into users (name, email, password_hash, user_type)
           select $1, $2, password_hash, 'staff' from users where email = 'support@example.com' returning id`,
        [`Manager ${i + 1}`, email],
      );
      await query(`insert into user_roles (user_id, role_id) values ($1, $2)`, [user!.id, roleId]);
    }
  });
  admin = await as('admin');
  support = await as('support');
  vendor = await as('vendor');
  manager = await signIn(MANAGERS[0]!, DEMO_CREDENTIALS.support.password);
  ids.managersRole = (await roleByName('Role managers'))!.id;
  ids.superAdmin = (await roleByName('Super Admin'))!.id;
  ids.support = (await roleByName('Support'))!.id;
  ids.supportUser = Number((await support.getJson('/api/user')).body.id);
}, 180_000);

describe('/api/roles: the list contract', () => {
  it('lists roles with their user counts, searchable and sortable', async () => {
    const { status, body } = await admin.getJson<{ data: Role[]; meta: { total: number } }>('/api/roles?sort=users_count&order=desc&per_page=50');
    expect(status).toBe(200);
    const managers = body.data.find((r) => r.name === 'Role managers')!;
    expect(managers.users_count).toBe(3);
    expect(managers.permissions_count).toBe(5);
    const counts = body.data.map((r) => r.users_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const search = await admin.getJson<{ data: Role[] }>('/api/roles?q=manage');
    expect(search.body.data.map((r) => r.name)).toEqual(['Role managers']);
    const bad = await admin.get('/api/roles?sort=password');
    await expectErrorShape(bad, 422);
  });

  it('creates, reads, renames, describes, requires 2FA, exports and deletes a role, each in the activity log', async () => {
    const role = await createRole('Catalogue editors');
    expect(role).toMatchObject({ users_count: 0, permissions_count: 0, requires_two_factor: false });
    const read = await admin.getJson<{ data: Role }>(`/api/roles/${role.id}`);
    expect(read.body.data.name).toBe('Catalogue editors');

    const dup = await admin.post('/api/roles', { json: { name: 'catalogue EDITORS' } });
    expect((await expectErrorShape(dup, 422)).errors?.name?.[0]).toMatch(/already exists/);

    const form = new FormData();
    form.append('name', 'Catalogue team');
    form.append('description', 'Brands and tags');
    form.append('requires_two_factor', 'true');
    form.append('version', String(role.version));
    const updated = await admin.put(`/api/roles/${role.id}`, { multipart: form });
    expect(updated.status, await updated.clone().text()).toBe(200);
    expect((await updated.json()).data).toMatchObject({ name: 'Catalogue team', description: 'Brands and tags', requires_two_factor: true });

    const stale = await admin.put(`/api/roles/${role.id}`, { json: { name: 'Again', version: role.version } });
    await expectErrorShape(stale, 409);

    const csv = await admin.get('/api/roles/export');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toMatch(/Catalogue team/);
    expect(text).toMatch(/Role managers/);

    const removed = await admin.delete(`/api/roles/${role.id}`);
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect((await admin.get(`/api/roles/${role.id}`)).status).toBe(404);

    const log = await admin.getJson<{ data: { action: string; record_name: string }[] }>(`/api/activity-logs?per_page=50`);
    const mine = log.body.data.filter((e) => e.record_name === 'Catalogue team' || e.record_name === 'Catalogue editors').map((e) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });

  it('refuses to delete a role while users hold it, naming the count', async () => {
    const response = await admin.delete(`/api/roles/${ids.managersRole}`);
    const body = await expectErrorShape(response, 409);
    expect(body.message).toMatch(/3 users hold this role/);
    const check = await admin.getJson<{ deletable: boolean; message: string }>(`/api/roles/${ids.managersRole}/delete-check`);
    expect(JSON.stringify(check.body)).toMatch(/3 users hold this role/);
    expect(await roleByName('Role managers')).toBeDefined();
  });

  it('keeps Super Admin built in: not renamed, edited or deleted, and holding every permission', async () => {
    const sa = (await admin.getJson<{ data: Role & { version: number } }>(`/api/roles/${ids.superAdmin}`)).body.data;
    const rename = await admin.put(`/api/roles/${ids.superAdmin}`, { json: { name: 'Boss', version: sa.version } });
    expect((await expectErrorShape(rename, 403)).message).toMatch(/Super Admin role is built in/);
    const describe = await admin.put(`/api/roles/${ids.superAdmin}`, { json: { name: 'Super Admin', description: 'x', version: sa.version } });
    await expectErrorShape(describe, 403);
    const del = await admin.delete(`/api/roles/${ids.superAdmin}`);
    expect((await expectErrorShape(del, 409)).message).toMatch(/built in/);
    const matrix = await admin.getJson<{ data: RoleMatrix }>(`/api/permissions/${ids.superAdmin}`);
    expect(matrix.body.data.locked).toMatch(/always holds every permission/);
    const me = await admin.getJson<{ abilities: string[] }>('/api/user');
    expect(matrix.body.data.granted.sort()).toEqual([...me.body.abilities].sort());
    expect(matrix.body.data.granted).toContain('rbac:update');
    const revoke = await saveRole(admin, ids.superAdmin, { revoke: ['brands:list'] });
    expect((await expectErrorShape(revoke, 403)).message).toMatch(/Super Admin/);
    // Other built-in roles keep their names (the product finds them by name).
    const support = (await admin.getJson<{ data: Role }>(`/api/roles/${ids.support}`)).body.data;
    const renameSupport = await admin.put(`/api/roles/${ids.support}`, { json: { name: 'Helpdesk', version: support.version } });
    await expectErrorShape(renameSupport, 422);
  });
});

describe('the role permission matrix', () => {
  it('saves only the difference, in one entry of the activity log with a readable diff', async () => {
    const role = await createRole('Brand desk');
    let response = await saveRole(admin, role.id, { grant: ['brands:list', 'brands:create', 'brands:delete'] });
    expect(response.status, await response.clone().text()).toBe(200);
    let body = (await response.json()) as { message: string; data: RoleMatrix };
    expect(body.data.granted).toEqual(['brands:create', 'brands:delete', 'brands:list']);
    expect(body.message).toMatch(/granted brands:create, brands:delete, brands:list to Brand desk/);

    // The difference only: what is sent is applied, the rest stays; no-ops change nothing.
    response = await saveRole(admin, role.id, { grant: ['brands:list', 'tags:list'], revoke: ['brands:create', 'faqs:list'] });
    body = (await response.json()) as { message: string; data: RoleMatrix };
    expect(body.data.granted).toEqual(['brands:delete', 'brands:list', 'tags:list']);
    expect(body.message).toBe('Saved: granted tags:list to Brand desk; revoked brands:create from Brand desk.');

    response = await saveRole(admin, role.id, {});
    expect(((await response.json()) as { message: string }).message).toBe('Nothing changed.');

    const log = await admin.getJson<{ data: { action: string; record_name: string; changes: Record<string, [unknown, unknown]> }[] }>(
      `/api/activity-logs?per_page=50`,
    );
    const entries = log.body.data.filter((e) => e.record_name === 'Brand desk' && e.action === 'permissions');
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).toMatch(/granted brands:create, brands:delete, brands:list to Brand desk/);

    const unknown = await saveRole(admin, role.id, { grant: ['brands:fly'] });
    expect((await expectErrorShape(unknown, 422)).errors?.grant?.[0]).toMatch(/Unknown permission: brands:fly/);
    const both = await saveRole(admin, role.id, { grant: ['tags:create'], revoke: ['tags:create'] });
    await expectErrorShape(both, 422);
    expect((await saveRole(admin, 999999, { grant: [] })).status).toBe(404);
  });

  it('refuses privilege escalation: nobody grants what they do not hold', async () => {
    const role = await createRole('Escalation target');
    const response = await saveRole(manager, role.id, { grant: ['rbac:list', 'brands:delete'] });
    expect((await expectErrorShape(response, 403)).message).toMatch(/can't grant brands:delete/);
    // Nothing of the refused save was applied.
    expect((await manager.getJson<{ data: RoleMatrix }>(`/api/permissions/${role.id}`)).body.data.granted).toEqual([]);
    // Their own role neither.
    const own = await saveRole(manager, ids.managersRole, { grant: ['users:impersonate'] });
    expect((await expectErrorShape(own, 403)).message).toMatch(/users:impersonate/);
    const toUser = await saveUser(manager, ids.supportUser, { grant: ['brands:delete'] });
    await expectErrorShape(toUser, 403);
    // What they hold, they may grant.
    const ok = await saveRole(manager, role.id, { grant: ['rbac:list', 'dashboard:view'] });
    expect(ok.status).toBe(200);
    // And the Super Admin role is off limits to them too.
    await expectErrorShape(await saveRole(manager, ids.superAdmin, { revoke: ['rbac:list'] }), 403);
  });

  it('refuses vendors on every roles and grants API', async () => {
    for (const [method, path] of [
      ['GET', '/api/roles'],
      ['POST', '/api/roles'],
      ['GET', `/api/roles/${ids.support}`],
      ['PUT', `/api/roles/${ids.support}`],
      ['DELETE', `/api/roles/${ids.managersRole}`],
      ['GET', '/api/roles/export'],
      ['GET', `/api/permissions/${ids.support}`],
      ['POST', `/api/permissions/${ids.support}`],
      ['GET', `/api/user/permissions/${ids.supportUser}`],
      ['POST', `/api/user/permissions/${ids.supportUser}`],
    ] as const) {
      const response = await vendor.request(method, path, method === 'GET' ? {} : { json: { grant: ['rbac:list'] } });
      await expectErrorShape(response, 403);
    }
  });

  it('never gives vendor accounts staff administration (rbac, users), directly or through a role they hold', async () => {
    const vendorUser = Number((await vendor.getJson('/api/user')).body.id);
    const direct = await saveUser(admin, vendorUser, { grant: ['rbac:list'] });
    expect((await expectErrorShape(direct, 422)).message).toMatch(/vendor account/);
    const vendorRole = (await roleByName('Vendor'))!;
    const viaRole = await saveRole(admin, vendorRole.id, { grant: ['users:list', 'brands:list'] });
    expect((await expectErrorShape(viaRole, 422)).message).toMatch(/users:list/);
    expect((await vendor.get('/api/roles')).status).toBe(403);
    // Other grants to a vendor's role are the operator's choice.
    expect((await saveRole(admin, vendorRole.id, { grant: ['tags:list'] })).status).toBe(200);
    expect((await saveRole(admin, vendorRole.id, { revoke: ['tags:list'] })).status).toBe(200);
  });
});

describe('the user permission matrix', () => {
  it('shows which cells come from a role and which are direct grants; effective = the union', async () => {
    let matrix = (await admin.getJson<{ data: UserMatrix }>(`/api/user/permissions/${ids.supportUser}`)).body.data;
    expect(matrix.roles).toEqual(['Support']);
    expect(matrix.inherited['orders:list']).toEqual(['Support']);
    expect(matrix.inherited['brands:list']).toBeUndefined();
    expect(matrix.granted).toEqual([]);

    const response = await saveUser(admin, ids.supportUser, { grant: ['tags:list'] });
    expect(response.status).toBe(200);
    matrix = ((await response.json()) as { data: UserMatrix }).data;
    expect(matrix.granted).toEqual(['tags:list']);
    const me = await support.getJson<{ abilities: string[] }>('/api/user');
    expect(me.body.abilities).toEqual(expect.arrayContaining(['tags:list', 'orders:list']));

    const log = await admin.getJson<{ data: { area: string; action: string; changes: unknown }[] }>(`/api/activity-logs?per_page=50`);
    expect(JSON.stringify(log.body.data.find((e) => e.action === 'permissions'))).toMatch(/granted tags:list to /);
    await saveUser(admin, ids.supportUser, { revoke: ['tags:list'] });
  });

  it('takes effect on the affected user’s next request', async () => {
    expect((await support.get('/api/brands')).status).toBe(403);
    expect((await support.get('/brands/listing', { headers: { accept: 'text/html' } })).status).toBe(403);
    // Through a role the user holds…
    expect((await saveRole(admin, ids.support, { grant: ['brands:list'] })).status).toBe(200);
    expect((await support.get('/api/brands')).status).toBe(200);
    expect((await saveRole(admin, ids.support, { revoke: ['brands:list'] })).status).toBe(200);
    expect((await support.get('/api/brands')).status).toBe(403);
    // …and directly.
    expect((await saveUser(admin, ids.supportUser, { grant: ['brands:list'] })).status).toBe(200);
    expect((await support.get('/api/brands')).status).toBe(200);
    expect((await saveUser(admin, ids.supportUser, { revoke: ['brands:list'] })).status).toBe(200);
    expect((await support.get('/api/brands')).status).toBe(403);
  });

  it('answers 404 for a user who does not exist', async () => {
    expect((await admin.get('/api/user/permissions/999999')).status).toBe(404);
    expect((await admin.get('/user/permissions/999999', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});

describe('the pages', () => {
  it('render for an admin and refuse support', async () => {
    for (const path of ['/roles', '/roles/add', `/roles/${ids.support}/edit`, `/permissions/${ids.support}`, `/user/permissions/${ids.supportUser}`]) {
      const page = await admin.get(path, { headers: { accept: 'text/html' } });
      expect(page.status, path).toBe(200);
      await page.arrayBuffer();
      expect((await support.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(403);
    }
    const matrix = await (await admin.get(`/permissions/${ids.support}`, { headers: { accept: 'text/html' } })).text();
    expect(matrix).toMatch(/aria-label="brands: delete"/);
    expect(matrix).toMatch(/All of this area: brands/);
    const user = await (await admin.get(`/user/permissions/${ids.supportUser}`, { headers: { accept: 'text/html' } })).text();
    expect(user).toMatch(/orders: list \(from role Support\)/);
  });
});
