/**
 * Vendor onboarding over real HTTP against the built server: the redirect to store setup,
 * the no-JavaScript forms (422 with field errors, 303 on success), phone verification with the
 * code read from the SMS outbox, attempt and send limits, finishing, and store details edits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape, expectCsrfField } from '../helpers/assertions.ts';

const app = useServer();

/** The store form's `<select>` named `name`, as HTML. */
function selectHtml(html: string, name: string): string {
  const match = new RegExp(`<select[^>]*name="${name}"[\\s\\S]*?</select>`).exec(html);
  expect(match, `a <select name="${name}">`).not.toBeNull();
  return match![0];
}

/** The value the city picker offers for `city` under `state` (its `<optgroup>`), read from the page as a browser would. */
function cityOption(html: string, state: string, city: string): string {
  const group = new RegExp(`<optgroup label="${state}">([\\s\\S]*?)</optgroup>`).exec(selectHtml(html, 'city_id'));
  expect(group, `the cities of ${state}`).not.toBeNull();
  const option = new RegExp(`<option value="(\\d+)">${city}</option>`).exec(group![1]!);
  expect(option, `${city} among the cities of ${state}`).not.toBeNull();
  return option![1]!;
}

/** The city ids are the geography tables'; they are read from the store setup page before any test posts. */
const GOOD_STORE = {
  store_name: 'Neha Handicrafts',
  gstin: '27aaapn1234c1zc',
  pan: 'AAAPN1234C',
  phone: '98200 12345',
  address_line: '5 Linking Road, Bandra West',
  city_id: '',
  state: 'Maharashtra',
  pincode: '400050',
};
let BENGALURU = '';
let MUMBAI = '';

beforeAll(async () => {
  const html = await (await (await app.as('newvendor')).get('/vendor/store-setup')).text();
  MUMBAI = GOOD_STORE.city_id = cityOption(html, 'Maharashtra', 'Mumbai');
  BENGALURU = cityOption(html, 'Karnataka', 'Bengaluru');
});

/** A no-JavaScript form post: the CSRF token travels as the hidden `_token` field. */
async function submit(client: HttpClient, path: string, fields: Record<string, string>): Promise<Response> {
  return client.post(path, { form: { _token: client.csrfToken!, ...fields }, csrf: false });
}

/** The newest code sent by SMS to this number, read from DATA_DIR/outbox like a tester would. */
function lastCodeSentTo(phone: string): string {
  const dir = join(app.server.dataDir, 'outbox');
  const files = readdirSync(dir)
    .filter((f) => f.includes('-sms-') && f.includes(phone))
    .sort();
  expect(files.length, `an SMS to ${phone} in ${dir}`).toBeGreaterThan(0);
  const text = readFileSync(join(dir, files.at(-1)!), 'utf8');
  expect(text).toContain(`To: ${phone}`);
  const match = /\b(\d{6})\b is your Marketplace verification code/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

function smsCountTo(phone: string): number {
  try {
    return readdirSync(join(app.server.dataDir, 'outbox')).filter((f) => f.includes('-sms-') && f.includes(phone)).length;
  } catch {
    return 0;
  }
}

let newvendor: HttpClient;

describe('a vendor who has not set up the store', () => {
  it('is sent to /vendor/store-setup from every page', async () => {
    newvendor = await app.as('newvendor');
    for (const path of ['/dashboard', '/profile', '/vendor/store-details', '/orders/listing']) {
      const response = await newvendor.get(path, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(302);
      expect(response.headers.get('location'), path).toBe('/vendor/store-setup');
    }
  });

  it('gets 403 from other APIs, but may read its own user and onboarding status', async () => {
    await expectErrorShape(await newvendor.get('/api/products'), 403);
    expect((await newvendor.getJson('/api/user')).body.vendor_profile_complete).toBe(false);
    const status = await newvendor.getJson('/api/vendor/onboarding');
    expect(status.status).toBe(200);
    expect(status.body.data).toMatchObject({ store_setup_completed_at: null, phone_verified_at: null, next: '/vendor/store-setup' });
  });

  it('sees the store setup form: server-rendered, no JavaScript, with the CSRF field, all 36 states and their cities to pick', async () => {
    const response = await newvendor.get('/vendor/store-setup');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toMatch(/<script/i);
    expectCsrfField(html, newvendor.csrfToken);
    for (const field of ['store_name', 'gstin', 'pan', 'phone', 'address_line', 'pincode']) expect(html).toMatch(new RegExp(`<input[^>]+name="${field}"`));
    expect(selectHtml(html, 'state').match(/<option value="[^"]+"/g)).toHaveLength(36);
    // The city is picked, never typed: one group of cities per state.
    expect(html).not.toMatch(/<input[^>]+name="city"/);
    const cityPicker = selectHtml(html, 'city_id');
    expect(cityPicker.match(/<optgroup label="[^"]+">/g)!.length).toBeGreaterThanOrEqual(30);
    expect(cityPicker).toMatch(/<optgroup label="Karnataka">[\s\S]*?>Mysuru<\/option>/);
    expect(MUMBAI).not.toBe(BENGALURU);
    expect(html).toContain('aria-current="step"');
  });

  it('cannot finish onboarding yet', async () => {
    // The checklist page is allowed during onboarding, but finishing needs both steps.
    const response = await submit(newvendor, '/vendor/onboarding', { intent: 'submit' });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('Finish the store setup first.');
    await expectErrorShape(await newvendor.post('/api/vendor/onboarding/complete', { json: {} }), 422);
  });

  it('bad input re-renders the form with field errors (422) and writes nothing', async () => {
    const response = await submit(newvendor, '/vendor/store-setup', {
      ...GOOD_STORE,
      store_name: '',
      gstin: '27AAAPN1234C1Z',
      phone: '12345',
      pincode: '012345',
      state: 'Atlantis',
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Check the highlighted fields.');
    expect(html).toContain('Enter the store name.');
    expect(html).toContain('A GSTIN has exactly 15 characters.');
    expect(html).toContain('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
    expect(html).toContain('A pincode does not start with 0.');
    expect(html).toContain('Choose a state or union territory.');
    // What the vendor typed is kept, and the first invalid field takes the focus.
    expect(html).toMatch(/<input(?=[^>]*name="address_line")(?=[^>]*value="5 Linking Road, Bandra West")[^>]*>/);
    expect(html).toMatch(/<input(?=[^>]*name="store_name")(?=[^>]*autofocus)[^>]*>/i);
    expect(html).toContain('aria-invalid="true"');

    const status = await newvendor.getJson('/api/vendor/onboarding');
    expect(status.body.data.store_setup_completed_at).toBeNull();
    expect((await newvendor.get('/dashboard')).status).toBe(302);
  });

  it('refuses a city that is not picked from the list, or lies in another state, keeping the pick', async () => {
    const elsewhere = await submit(newvendor, '/vendor/store-setup', { ...GOOD_STORE, city_id: BENGALURU });
    expect(elsewhere.status).toBe(422);
    const html = await elsewhere.text();
    expect(html).toContain('Bengaluru is not in Maharashtra. Choose one of Maharashtra&#x27;s cities.');
    expect(html).toMatch(new RegExp(`<option value="${BENGALURU}" selected`));
    for (const [cityId, field, message] of [
      ['', 'city_id', 'Choose the city from the list.'],
      ['Mumbai', 'city_id', 'Choose the city from the list.'],
      ['2147483648', 'city_id', 'Choose the city from the list.'],
      ['2147483647', 'city_id', "Choose the city from the list of Maharashtra's cities."],
    ] as const) {
      const body = await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, city_id: cityId } }), 422);
      expect(body.errors?.[field], cityId).toEqual([message]);
    }
    // The old free-text field is refused, not matched by name.
    const typed = await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, city: 'Mumbai' } }), 422);
    expect(typed.errors?.city).toEqual(['This field is not allowed.']);
    expect((await newvendor.getJson('/api/vendor/onboarding')).body.data.store_setup_completed_at).toBeNull();
  });

  it('refuses a GSTIN that does not match the PAN or the state', async () => {
    const response = await submit(newvendor, '/vendor/store-setup', { ...GOOD_STORE, pan: 'ZZZZZ9999Z', state: 'Goa' });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('The GSTIN and the PAN do not match');
    expect(html).toContain('This GSTIN is registered in Maharashtra; the store address must be in the same state.');
  });

  it('the JSON API answers the same rules in the one error shape', async () => {
    const body = await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, pincode: '4000' } }), 422);
    expect(body.errors).toEqual({ pincode: ['A pincode has exactly 6 digits.'] });
    const unknown = await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { json: { ...GOOD_STORE, status: 'approved' } }), 422);
    expect(unknown.errors?.status).toEqual(['This field is not allowed.']);
    await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { body: 'not json', headers: { 'content-type': 'application/json' } }), 400);
  });

  it('refuses a form without the CSRF token', async () => {
    const response = await newvendor.post('/vendor/store-setup', { form: GOOD_STORE, csrf: false });
    expect(response.status).toBe(419);
  });
});

describe('store setup', () => {
  it('saves good input and moves on to mobile verification (303)', async () => {
    const response = await submit(newvendor, '/vendor/store-setup', GOOD_STORE);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vendor/mobile-verification');
  });

  it('opens the rest of the product', async () => {
    expect((await newvendor.get('/dashboard')).status).toBe(200);
    const me = await newvendor.getJson('/api/user');
    expect(me.body.vendor_profile_complete).toBe(true);
    const store = await newvendor.getJson('/api/vendor/store-details');
    expect(store.body.data).toMatchObject({
      store_name: 'Neha Handicrafts',
      slug: 'neha-handicrafts',
      gstin: '27AAAPN1234C1ZC',
      pan: 'AAAPN1234C',
      phone: '+919820012345',
      state: 'Maharashtra',
      city: 'Mumbai',
      city_id: Number(MUMBAI),
      pincode: '400050',
      version: 2,
    });
    expect(store.body.data.store_setup_completed_at).toBeTruthy();
  });

  it('is done once: the page sends to store details, the API answers 409', async () => {
    const page = await newvendor.get('/vendor/store-setup');
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/vendor/store-details');
    await expectErrorShape(await newvendor.post('/api/vendor/store-setup', { json: GOOD_STORE }), 409);
  });

  it('is for vendors only', async () => {
    const admin = await app.as('admin');
    expect((await admin.get('/vendor/store-setup')).status).toBe(403);
    await expectErrorShape(await admin.post('/api/vendor/store-setup', { json: GOOD_STORE }), 403);
    await expectErrorShape(await admin.post('/api/vendor/phone/send-code', { json: { phone: '9000000001' } }), 403);
  });
});

describe('mobile verification', () => {
  it('sends a 6-digit code by SMS and shows where it went', async () => {
    const before = smsCountTo('+919820012345');
    const response = await submit(newvendor, '/vendor/mobile-verification', { intent: 'send', phone: '9820012345' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vendor/mobile-verification?sent=1');
    expect(smsCountTo('+919820012345')).toBe(before + 1);
    const page = await (await newvendor.get('/vendor/mobile-verification?sent=1')).text();
    expect(page).toContain('+91 98200 12345');
    // Attribute names are case-insensitive in HTML (React writes autoComplete), their order free.
    expect(page).toMatch(/<input(?=[^>]+name="code")(?=[^>]+autocomplete="one-time-code")[^>]*>/i);
    expect(page).not.toMatch(/<script/i);
  });

  it('a wrong code is refused with the attempts left; a malformed one with a field error', async () => {
    const code = lastCodeSentTo('+919820012345');
    const wrong = code === '000000' ? '111111' : '000000';
    const response = await submit(newvendor, '/vendor/mobile-verification', { intent: 'verify', code: wrong });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('That code is not right. 4 attempts left.');
    const malformed = await submit(newvendor, '/vendor/mobile-verification', { intent: 'verify', code: '12ab' });
    expect(malformed.status).toBe(422);
    expect(await malformed.text()).toContain('Enter the 6-digit code from the SMS.');
  });

  it('the right code verifies the phone and moves on to the checklist', async () => {
    const response = await submit(newvendor, '/vendor/mobile-verification', { intent: 'verify', code: lastCodeSentTo('+919820012345') });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vendor/onboarding');
    const me = await newvendor.getJson('/api/user');
    expect(me.body.phone).toBe('+919820012345');
    expect(me.body.phone_verified_at).toBeTruthy();
  });

  it('a used code cannot be used again', async () => {
    const body = await expectErrorShape(await newvendor.post('/api/vendor/phone/verify', { json: { code: lastCodeSentTo('+919820012345') } }), 422);
    expect(body.errors?.code).toEqual(['No code is waiting. Send a code first.']);
  });
});

describe('finishing onboarding: KYC, documents, Submit for approval', () => {
  it('shows both steps done, and the KYC and documents still to do (Submit disabled, 422 naming them)', async () => {
    const page = await (await newvendor.get('/vendor/onboarding')).text();
    expect(page).toContain('Neha Handicrafts');
    expect(page).toContain('+91 98200 12345');
    expect(page).toMatch(/<button type="submit" disabled[^>]*>\s*Submit for approval/);
    const response = await submit(newvendor, '/vendor/onboarding', { intent: 'submit' });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('Save your business, PAN, GST and bank details first.');
  });

  it('saves the KYC step from the page (no JavaScript) and uploads the documents', async () => {
    const kyc = await submit(newvendor, '/vendor/onboarding', {
      intent: 'kyc',
      legal_name: 'Neha Handicrafts',
      business_type: 'individual',
      pan: 'AAAPN1234C',
      gst_registered: 'yes',
      gstin: '27AAAPN1234C1ZC',
      account_holder_name: 'Neha Newvendor',
      bank_account: '50100123456789',
      bank_account_confirm: '50100123456789',
      ifsc: 'HDFC0000240',
    });
    expect(kyc.status, await kyc.clone().text()).toBe(303);
    for (const kind of ['pan_card', 'cancelled_cheque', 'gst_certificate']) {
      const form = new FormData();
      form.set('_token', newvendor.csrfToken!);
      form.set('intent', 'document');
      form.set('kind', kind);
      form.set('file', new File([new TextEncoder().encode('%PDF-1.4\n%%EOF\n')], `${kind}.pdf`, { type: 'application/pdf' }));
      const response = await newvendor.post('/vendor/onboarding', { multipart: form, csrf: false });
      expect(response.status, kind).toBe(303);
    }
  });

  it('Submit for approval: 303 to the status page, pending, onboarding done', async () => {
    const response = await submit(newvendor, '/vendor/onboarding', { intent: 'submit' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vendor/onboarding?submitted=1');
    const page = await (await newvendor.get('/vendor/onboarding')).text();
    expect(page).toContain('Waiting for approval');
    const me = await newvendor.getJson('/api/user');
    expect(me.body.vendor_onboarding_completed_at).toBeTruthy();
    const again = await newvendor.post('/api/vendor/onboarding/complete', { json: {} });
    expect(again.status).toBe(200);
    expect((await again.json()).data.next).toBe('/vendor/onboarding');
  });
});

describe('phone code limits (vendor@example.com)', () => {
  let vendor: HttpClient;
  const phone = '+917000000001';

  it('5 wrong codes use up the code: even the right one is then refused', async () => {
    vendor = await app.as('vendor');
    const sent = await vendor.post('/api/vendor/phone/send-code', { json: { phone: '70000 00001' } });
    expect(sent.status).toBe(200);
    expect((await sent.json()).data).toMatchObject({ phone, attempts_left: 5 });
    const code = lastCodeSentTo(phone);
    const wrong = code === '999999' ? '888888' : '999999';
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      messages.push((await expectErrorShape(await vendor.post('/api/vendor/phone/verify', { json: { code: wrong } }), 422)).message);
    }
    expect(messages).toEqual([
      'That code is not right. 4 attempts left.',
      'That code is not right. 3 attempts left.',
      'That code is not right. 2 attempts left.',
      'That code is not right. 1 attempt left.',
      'That code is not right, and that was the last attempt. Send a new code.',
    ]);
    const late = await expectErrorShape(await vendor.post('/api/vendor/phone/verify', { json: { code } }), 422);
    expect(late.errors?.code).toEqual(['Too many wrong codes. Send a new code.']);
    // The verified phone of this account did not change.
    expect((await vendor.getJson('/api/user')).body.phone).toBe('+919876543210');
  });

  it('a new code works again', async () => {
    expect((await vendor.post('/api/vendor/phone/send-code', { json: { phone } })).status).toBe(200);
    const ok = await vendor.post('/api/vendor/phone/verify', { json: { code: lastCodeSentTo(phone) } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.phone).toBe(phone);
  });

  it('at most 3 codes per 10 minutes: then 429 with Retry-After, and no SMS', async () => {
    expect((await vendor.post('/api/vendor/phone/send-code', { json: { phone } })).status).toBe(200);
    const count = smsCountTo(phone);
    const response = await vendor.post('/api/vendor/phone/send-code', { json: { phone } });
    const body = await expectErrorShape(response, 429);
    expect(body.message).toMatch(/Too many codes were sent/);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(smsCountTo(phone)).toBe(count);
    // The page answers the same, without JavaScript.
    const page = await submit(vendor, '/vendor/mobile-verification', { intent: 'send', phone: '7000000001' });
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toBeTruthy();
    expect(await page.text()).toContain('Too many codes were sent');
  });

  it('refuses a bad number with a field error', async () => {
    const body = await expectErrorShape(await vendor.post('/api/vendor/phone/send-code', { json: { phone: '5123456789' } }), 422);
    expect(body.errors?.phone).toEqual(['Enter a 10-digit mobile number starting with 6, 7, 8 or 9.']);
  });
});

describe('store details', () => {
  let vendor: HttpClient;
  const DEMO_STORE = {
    store_name: 'Demo Fashion House',
    gstin: '29AAFCD1234K1ZN',
    pan: 'AAFCD1234K',
    phone: '9876543210',
    address_line: '12 MG Road',
    city_id: '',
    state: 'Karnataka',
    pincode: '560001',
  };

  it('shows the store with its version, without JavaScript', async () => {
    DEMO_STORE.city_id = BENGALURU;
    vendor = await app.as('vendor');
    const response = await vendor.get('/vendor/store-details');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/name="store_name"[^>]*value="Demo Fashion House"/);
    expect(html).toMatch(/name="version" value="1"/);
    expect(html).toMatch(new RegExp(`<option value="${BENGALURU}" selected`));
  });

  it('saves an edit (303) and bumps the version', async () => {
    const response = await submit(vendor, '/vendor/store-details', { ...DEMO_STORE, address_line: '14 MG Road', version: '1' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/vendor/store-details?saved=1');
    const page = await (await vendor.get('/vendor/store-details?saved=1')).text();
    expect(page).toContain('Store details saved.');
    const store = (await vendor.getJson('/api/vendor/store-details')).body.data;
    expect(store).toMatchObject({ address_line: '14 MG Road', version: 2, slug: 'demo-fashion-house' });
  });

  it('a stale version is refused with 409 and nothing is written', async () => {
    const page = await submit(vendor, '/vendor/store-details', { ...DEMO_STORE, store_name: 'Stale edit', version: '1' });
    expect(page.status).toBe(409);
    const html = await page.text();
    expect(html).toContain('Someone changed these store details after you opened them');
    expect(html).toContain('Address: 14 MG Road');
    // The form keeps the vendor's input, now on the latest version.
    expect(html).toMatch(/name="version" value="2"/);
    expect(html).toMatch(/name="store_name"[^>]*value="Stale edit"/);

    await expectErrorShape(await vendor.put('/api/vendor/store-details', { json: { ...DEMO_STORE, version: 1 } }), 409);
    expect((await vendor.getJson('/api/vendor/store-details')).body.data).toMatchObject({ store_name: 'Demo Fashion House', version: 2 });
  });

  it('the API edits with the current version', async () => {
    const response = await vendor.put('/api/vendor/store-details', { json: { ...DEMO_STORE, version: 2 } });
    expect(response.status).toBe(200);
    expect((await response.json()).data).toMatchObject({ address_line: '12 MG Road', version: 3 });
    const bad = await expectErrorShape(await vendor.put('/api/vendor/store-details', { json: { ...DEMO_STORE, gstin: 'nope', version: 3 } }), 422);
    expect(Object.keys(bad.errors ?? {})).toEqual(['gstin']);
  });
});

describe('impersonation', () => {
  it("an administrator acting as a vendor cannot verify the vendor's phone", async () => {
    const admin = await app.as('admin');
    const vendorId = (await (await app.as('vendor')).getJson('/api/user')).body.id;
    expect((await admin.post(`/api/impersonate/${vendorId}`, { json: {} })).status).toBe(200);
    const body = await expectErrorShape(await admin.post('/api/vendor/phone/send-code', { json: { phone: '9000000002' } }), 403);
    expect(body.message).toMatch(/verify their own mobile number/);
    expect(smsCountTo('+919000000002')).toBe(0);
  });
});

describe('Sign out in the onboarding layout', () => {
  it('works as a plain form post, without JavaScript', async () => {
    const client = await app.as('newvendor');
    const html = await (await client.get('/vendor/onboarding')).text();
    expect(html).toMatch(/<form method="post" action="\/logout"/);
    const response = await submit(client, '/logout', {});
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/auth/login?logged_out=1');
    expect(response.headers.get('clear-site-data')).toBe('"storage"');
    expect((await client.getJson('/api/user')).status).toBe(401);
  });
});

describe('the database afterwards', () => {
  it('holds activity-log entries with diffs, and only a hash of each code', async () => {
    await app.server.withDatabase(async (query) => {
      const setup = await query(`select changes, actor_id from activity_logs where area = 'vendors' and action = 'store-setup'`);
      expect(setup).toHaveLength(1);
      const changes = setup[0]!.changes as Record<string, [unknown, unknown]>;
      expect(changes.storeName).toEqual([null, 'Neha Handicrafts']);
      expect(changes.gstin).toEqual([null, '27AAAPN1234C1ZC']);
      expect(changes.storeSetupCompletedAt?.[0]).toBeNull();

      const actions = (await query(`select action from activity_logs where area = 'users' order by id`)).map((r) => r.action);
      expect(actions).toEqual(expect.arrayContaining(['phone-code-sent', 'phone-code-failed', 'phone-verified', 'onboarding-completed']));
      const update = await query(`select changes from activity_logs where area = 'vendors' and action = 'update' order by id limit 1`);
      expect(update[0]!.changes).toEqual({ addressLine: ['12 MG Road', '14 MG Road'] });

      const pending = await query(`select code_hash, phone from phone_verifications`);
      for (const row of pending) {
        expect(String(row.code_hash)).not.toMatch(/^\d{6}$/);
        expect(String(row.code_hash).length).toBeGreaterThan(20);
      }
    });
  });
});
