/**
 * The profile pages and their calls over real HTTP: POST /api/user (multipart, avatar),
 * POST /api/user-password, the sessions list with "Sign out", the no-JavaScript fallbacks of the
 * forms, and the impersonation blocks.
 */
import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { useServer } from '../helpers/vitest-server.ts';
import { HttpClient } from '../helpers/http.ts';
import { expectErrorShape, expectCsrfField } from '../helpers/assertions.ts';

const app = useServer();

/** A real (tiny) PNG, so the server's type sniffing accepts it. */
function png(): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.from([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

function profileForm(fields: Record<string, string>, avatar?: { bytes: Uint8Array; type: string; name: string }): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (avatar) form.set('avatar', new Blob([avatar.bytes as Uint8Array<ArrayBuffer>], { type: avatar.type }), avatar.name);
  return form;
}

describe('GET /profile', () => {
  it('renders the form with the current values on the server (no loading state)', async () => {
    const vendor = await app.as('vendor');
    const response = await vendor.get('/profile');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<input[^>]*name="name"[^>]*value="Vikram Vendor"|value="Vikram Vendor"[^>]*name="name"/);
    expect(html).toMatch(/value="vendor@example.com"/);
    expect(html).toMatch(/value="9876543210"/);
    expect(html).toContain('<astro-island');
    // Before the island loads the form still posts, never as a GET with the values in the URL.
    expect(html).toMatch(/<form[^>]*method="post"/);
    expectCsrfField(html, vendor.csrfToken);
  });
});

describe('POST /api/user', () => {
  it('updates name, email and phone (stored with +91)', async () => {
    const support = await app.as('support');
    const response = await support.post('/api/user', {
      multipart: profileForm({ name: 'Sunil S. Support', email: 'support@example.com', phone: '91234 56789' }),
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.message).toBe('Profile updated.');
    expect(body.data).toMatchObject({ name: 'Sunil S. Support', first_name: 'Sunil', phone: '+919123456789' });
    expect((await support.getJson('/api/user')).body.name).toBe('Sunil S. Support');
  });

  it('answers 422 with a message per field', async () => {
    const support = await app.as('support');
    const body = await expectErrorShape(await support.post('/api/user', { multipart: profileForm({ name: '', email: 'nope', phone: '12345' }) }), 422);
    expect(body.errors).toMatchObject({
      name: ['Enter your name.'],
      email: ['Enter a valid email address.'],
      phone: ['Enter a 10-digit mobile number starting with 6, 7, 8 or 9.'],
    });
  });

  it('takes a PNG avatar and serves it back; refuses a file that is not an image', async () => {
    const support = await app.as('support');
    const ok = await support.post('/api/user', {
      multipart: profileForm({ name: 'Sunil Support', email: 'support@example.com' }, { bytes: png(), type: 'image/png', name: 'me.png' }),
    });
    expect(ok.status).toBe(200);
    const url = (await ok.json()).data.avatar_url as string;
    expect(url).toMatch(/^\/uploads\/.+\.png$/);
    const image = await support.get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const bad = await expectErrorShape(
      await support.post('/api/user', {
        multipart: profileForm(
          { name: 'Sunil Support', email: 'support@example.com' },
          { bytes: new TextEncoder().encode('<svg onload=alert(1)>'), type: 'image/png', name: 'x.png' },
        ),
      }),
      422,
    );
    expect(Object.keys(bad.errors ?? {})).toEqual(['avatar']);
  });
});

describe('POST /profile without JavaScript', () => {
  it('saves and redirects (303) to the page with a success message', async () => {
    const vendor = await app.as('vendor');
    const form = profileForm({ _token: vendor.csrfToken!, name: 'Vikram Vendor', email: 'vendor@example.com', phone: '9876543210' });
    form.set('avatar', new Blob([]), '');
    const response = await vendor.post('/profile', { multipart: form, csrf: false });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/profile?updated=1');
    expect(await (await vendor.get('/profile?updated=1')).text()).toContain('Profile updated.');
    // The number did not change, so it stays verified.
    expect((await vendor.getJson('/api/user')).body.phone_verified_at).toBeTruthy();
  });

  it('re-renders with the errors (422) and the values typed', async () => {
    const vendor = await app.as('vendor');
    const response = await vendor.post('/profile', {
      multipart: profileForm({ _token: vendor.csrfToken!, name: '', email: 'vendor@example.com', phone: '' }),
      csrf: false,
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Enter your name.');
    expect(html).toContain('Check the highlighted fields.');
  });
});

describe('POST /api/user-password', () => {
  it('refuses a wrong current password and a mismatched confirmation (422, per field)', async () => {
    const vendor = await app.as('vendor');
    const wrong = await expectErrorShape(
      await vendor.post('/api/user-password', {
        multipart: profileForm({ current_password: 'nope', password: 'Vendor@67890', password_confirmation: 'Vendor@67890' }),
      }),
      422,
    );
    expect(wrong.errors?.current_password).toEqual(['The current password is not correct.']);
    const mismatch = await expectErrorShape(
      await vendor.post('/api/user-password', {
        multipart: profileForm({ current_password: 'Vendor@12345', password: 'Vendor@67890', password_confirmation: 'Vendor@67891' }),
      }),
      422,
    );
    expect(mismatch.errors?.password_confirmation).toEqual(['The passwords do not match.']);
  });

  it('changes the password, keeps this device signed in and signs the others out', async () => {
    const here = await app.as('vendor');
    const elsewhere = await app.as('vendor');
    const response = await here.post('/api/user-password', {
      multipart: profileForm({ current_password: 'Vendor@12345', password: 'Vendor@67890', password_confirmation: 'Vendor@67890' }),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe('Password updated.');
    expect((await here.getJson('/api/user')).status).toBe(200);
    expect((await elsewhere.getJson('/api/user')).status).toBe(401);
    expect((await app.client().submitLogin('vendor@example.com', 'Vendor@12345')).status).toBe(422);
    expect((await app.client().submitLogin('vendor@example.com', 'Vendor@67890')).status).toBe(303);
  });

  it('also works as a no-JavaScript form post (303)', async () => {
    const client = new HttpClient(() => app.server.url);
    await client.login({ email: 'vendor@example.com', password: 'Vendor@67890' });
    const response = await client.post('/profile/update-password', {
      form: { _token: client.csrfToken!, current_password: 'Vendor@67890', password: 'Vendor@12345', password_confirmation: 'Vendor@12345' },
      csrf: false,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/profile/update-password?updated=1');
    expect((await app.client().submitLogin('vendor@example.com', 'Vendor@12345')).status).toBe(303);
  });
});

describe('sessions (/profile/list)', () => {
  it('lists the devices, marks this one, and signs out another', async () => {
    const phone = new HttpClient(() => app.server.url);
    await phone.get('/auth/login', {
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' },
    });
    const login = await phone.post('/auth/login', {
      form: { _token: phone.csrfToken!, email: 'admin@example.com', password: 'Admin@12345' },
      csrf: false,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36' },
    });
    expect(login.status).toBe(303);
    const desk = await app.as('admin');

    const page = await desk.get('/profile/list');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Chrome on Android');
    expect(html).toContain('This device');
    expect(html).toContain('IST');

    const list = (await desk.getJson('/api/user/sessions')).body.data as { id: string; current: boolean; user_agent: string | null }[];
    const current = list.find((s) => s.current)!;
    const other = list.find((s) => !s.current && s.user_agent?.includes('Android'))!;
    expect(other).toBeDefined();
    await expectErrorShape(await desk.delete(`/api/user/sessions/${current.id}`), 422);
    await expectErrorShape(await desk.delete('/api/user/sessions/not-a-session'), 404);
    const revoked = await desk.delete(`/api/user/sessions/${other.id}`);
    expect(revoked.status).toBe(200);
    expect((await phone.getJson('/api/user')).status).toBe(401);
    expect((await desk.getJson('/api/user')).status).toBe(200);
  });
});

describe('while impersonating', () => {
  it('the email and the password cannot be changed', async () => {
    const admin = await app.as('admin');
    const vendorId = (await (await app.as('vendor')).getJson('/api/user')).body.id;
    expect((await admin.post(`/api/impersonate/${vendorId}`, { json: {} })).status).toBe(200);
    await expectErrorShape(await admin.post('/api/user', { multipart: profileForm({ name: 'Vikram Vendor', email: 'other@example.com' }) }), 403);
    await expectErrorShape(
      await admin.post('/api/user-password', {
        multipart: profileForm({ current_password: 'Vendor@12345', password: 'Vendor@67890', password_confirmation: 'Vendor@67890' }),
      }),
      403,
    );
    const page = await (await admin.get('/profile/update-password')).text();
    expect(page).toContain('cannot be changed while impersonating');
    const sessions = await (await admin.get('/profile/list')).text();
    expect(sessions).toContain('These are your own sessions (Asha Admin)');
  });

  it('the phone cannot be changed either, on the profile or through the vendor phone routes (issue 20, item 10)', async () => {
    const vendor = await app.as('vendor');
    const before = (await vendor.getJson('/api/user')).body as { id: number; name: string; email: string; phone: string; phone_verified_at: string | null };
    expect(before.phone).toBe('+919876543210');
    const admin = await app.as('admin');
    expect((await admin.post(`/api/impersonate/${before.id}`, { json: {} })).status).toBe(200);

    const refused = await expectErrorShape(
      await admin.post('/api/user', { multipart: profileForm({ name: before.name, email: before.email, phone: '9123400000' }) }),
      403,
    );
    expect(refused.message).toMatch(/phone|mobile/i);
    // Removing the number is a change too.
    await expectErrorShape(await admin.post('/api/user', { multipart: profileForm({ name: before.name, email: before.email, phone: '' }) }), 403);
    // The no-JavaScript form goes through the same rule.
    const page = await admin.post('/profile', {
      multipart: profileForm({ _token: admin.csrfToken!, name: before.name, email: before.email, phone: '9123400000' }),
      csrf: false,
    });
    expect(page.status).toBe(403);
    // The phone routes refuse too, before any code is sent or checked.
    await expectErrorShape(await admin.post('/api/vendor/phone/send-code', { json: { phone: '9123400000' } }), 403);
    await expectErrorShape(await admin.post('/api/vendor/phone/verify', { json: { code: '123456' } }), 403);

    // The number as it is still lets the rest of the profile be saved.
    expect((await admin.post('/api/user', { multipart: profileForm({ name: before.name, email: before.email, phone: '98765 43210' }) })).status).toBe(200);

    const after = (await vendor.getJson('/api/user')).body;
    expect(after.phone).toBe(before.phone);
    expect(after.phone_verified_at).toBe(before.phone_verified_at);
    expect((await admin.post('/api/impersonate-leave')).status).toBe(200);
  });
});
