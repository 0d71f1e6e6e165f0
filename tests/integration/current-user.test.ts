/** GET /api/user (spec §3, §7): the current-user object for each demo account. */
import { describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_ACCOUNTS, DEMO_CREDENTIALS, type DemoAccount } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { ALL_PERMISSIONS, BUILT_IN_ROLES, type Permission } from '../../src/lib/permissions/catalogue.ts';

const app = useServer();
const sorted = (list: readonly string[]) => [...list].sort();
const isoOrNull = (v: unknown) => v === null || (typeof v === 'string' && !Number.isNaN(Date.parse(v)));

describe('GET /api/user', () => {
  it.each(DEMO_ACCOUNTS)('answers the spec shape for %s', async (account: DemoAccount) => {
    const client = await app.as(account);
    const { status, body, response } = await client.getJson('/api/user');
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(typeof body.name).toBe('string');
    expect(body.name.length).toBeGreaterThan(0);
    expect(body.email).toBe(DEMO_CREDENTIALS[account].email);
    expect('phone_verified_at' in body).toBe(true);
    expect(isoOrNull(body.phone_verified_at)).toBe(true);
    expect(isoOrNull(body.vendor_onboarding_completed_at ?? null)).toBe(true);
    expect(Array.isArray(body.abilities)).toBe(true);
    for (const ability of body.abilities) expect(ability).toMatch(/^[a-z-]+:[a-z-]+$/);
    expect(typeof body.sms_balance?.balance).toBe('number');
    expect(typeof body.sms_balance?.currency).toBe('string');
    expect(Number.isInteger(body.unread_notification_count)).toBe(true);
    expect(body.unread_notification_count).toBeGreaterThanOrEqual(0);
    // Never the secrets.
    expect(JSON.stringify(body)).not.toMatch(/password|argon2|session/i);
  });

  it('gives the Super Admin every permission, the SMS balance and its notifications', async () => {
    const { body } = await (await app.as('admin')).getJson('/api/user');
    expect(sorted(body.abilities)).toEqual(sorted(ALL_PERMISSIONS));
    expect(body.sms_balance).toEqual({ balance: 1250.5, currency: 'INR' });
    // The demo's: its own (a new vendor waiting, a product to review…) and one per demo order placed.
    const [row] = await app.server.withDatabase((q) =>
      q(`select count(*)::int as n from notifications n join users u on u.id = n.user_id where u.email = 'admin@example.com' and n.read_at is null`),
    );
    expect(body.unread_notification_count).toBe(Number(row!.n));
    expect(body.unread_notification_count).toBeGreaterThan(2);
  });

  it('gives support exactly the support set', async () => {
    const { body } = await (await app.as('support')).getJson('/api/user');
    expect(sorted(body.abilities)).toEqual(sorted(BUILT_IN_ROLES.Support!.permissions as Permission[]));
    expect(body.abilities).not.toContain('twilio:balance');
    expect(body.abilities).not.toContain('users:impersonate');
  });

  it('gives vendors the vendor set, and the onboarding dates only to the finished vendor', async () => {
    const vendor = (await (await app.as('vendor')).getJson('/api/user')).body;
    const fresh = (await (await app.as('newvendor')).getJson('/api/user')).body;
    expect(sorted(vendor.abilities)).toEqual(sorted(BUILT_IN_ROLES.Vendor!.permissions as Permission[]));
    expect(sorted(fresh.abilities)).toEqual(sorted(BUILT_IN_ROLES.Vendor!.permissions as Permission[]));
    expect(vendor.phone_verified_at).toEqual(expect.any(String));
    expect(vendor.vendor_onboarding_completed_at).toEqual(expect.any(String));
    expect(fresh.phone_verified_at).toBeNull();
    expect(fresh.vendor_onboarding_completed_at ?? null).toBeNull();
  });

  it('answers 401 to a guest', async () => {
    await expectErrorShape(await app.client().get('/api/user'), 401);
  });

  it('is reachable for a vendor whose store setup is not finished', async () => {
    expect((await (await app.as('newvendor')).getJson('/api/user')).status).toBe(200);
  });
});
