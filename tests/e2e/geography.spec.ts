/**
 * States, cities and pincodes in the browser: each added, edited and deleted through the screens
 * (the pincode through a state → city picker pair), the pincode list narrowed by a state picked
 * from the server, serviceability changed for many pincodes at once, and support refused.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { addEditDelete, createRecord, expectEveryRowToContain, freePincodes, listingUrl, uniqueTag, pickOption } from './area-helpers.ts';

/** Picks `option` in a searchable relation picker after typing `typed`. */
/** A number from `min` to `max`, so reruns don't collide on unique codes. */
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

test('adds, edits and deletes a state through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  // "Q" starts no ISO 3166-2:IN code, and GST state codes stop at 38 (97 and 99 are special).
  const code = `Q${String.fromCharCode(65 + randomInt(0, 25))}`;
  const gst = String(randomInt(40, 89));
  await addEditDelete(page, {
    listPath: '/states/listing',
    singular: 'State',
    label: 'States',
    title: `Testland ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Name').fill(`Testland ${tag}`);
      await p.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
      await p.getByLabel('GST state code').fill(gst);
      await p.getByLabel('Type').selectOption('true');
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('textbox', { name: 'Code', exact: true })).toHaveValue(code);
      await p.getByLabel('Name').fill(`Testland Territory ${tag}`);
    },
    editedTitle: `Testland Territory ${tag}`,
    afterEdit: async (row) => {
      await expect(row).toContainText(code);
      await expect(row).toContainText('Union territory');
    },
  });
});

test('adds, edits and deletes a city in a state picked from the server', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/cities/listing',
    singular: 'City',
    label: 'Cities',
    title: `Testpur ${tag}`,
    fillAdd: async (p) => {
      await pickOption(p, 'State', 'karna', 'Karnataka');
      await p.getByLabel('Name').fill(`Testpur ${tag}`);
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
      await p.getByLabel('Status').selectOption('inactive');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('Karnataka');
      await expect(row).toContainText('Inactive');
    },
  });
});

test('adds, edits and deletes a pincode, choosing its state and then one of that state’s cities', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  const code = (await freePincodes(page, 1))[0]!;
  await addEditDelete(page, {
    listPath: '/pincodes/listing',
    singular: 'Pincode',
    label: 'Pincodes',
    title: code,
    fillAdd: async (p) => {
      await p.getByRole('textbox', { name: 'Pincode', exact: true }).fill(code);
      // The city picker waits for a state, then offers only that state's cities.
      await expect(p.getByText('Choose the state first.')).toBeVisible();
      await pickOption(p, 'State', 'goa', 'Goa');
      await p.getByRole('combobox', { name: 'City' }).fill('goa');
      await expect(p.getByRole('listbox').getByRole('option')).toHaveText(['North Goa', 'South Goa']);
      await p.getByRole('option', { name: 'North Goa' }).click();
      await p.getByLabel('Post offices').fill('Test Office, Second Office');
    },
    fillEdit: async (p) => {
      await expect(p.getByRole('combobox', { name: 'City' })).toHaveValue('North Goa');
      await p.getByLabel('Serviceable').selectOption('false');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText('North Goa');
      await expect(row).toContainText('Goa');
      await expect(row).toContainText('Not serviceable');
    },
  });
});

test('narrows the pincodes by a state picked from the server, and sets serviceability for many at once', async ({ page, loginAs }) => {
  test.slow();
  await loginAs('admin');
  const tag = uniqueTag();
  const goa = (await (await page.request.get('/api/states?q=Goa', { headers: { accept: 'application/json' } })).json()).data[0];
  expect(goa.name).toBe('Goa');
  const city = await createRecord(page, 'cities', { name: `Bulkpur ${tag}`, state_id: String(goa.id) });
  const codes = await freePincodes(page, 2);
  for (const c of codes) await createRecord(page, 'pincodes', { pincode: c, city_id: String(city.id), post_offices: `Office ${tag}` });

  await page.goto('/pincodes/listing');
  await page.getByRole('button', { name: /^Filter State/ }).click();
  const filter = page.getByRole('dialog', { name: 'Filter State' });
  await filter.getByRole('searchbox', { name: 'Search state' }).fill('goa');
  // As a person would: wait for the search's answer before clicking, since the list shrinks under the pointer.
  await expect(filter.getByRole('checkbox')).toHaveCount(1);
  await filter.getByRole('checkbox', { name: 'Goa' }).check();
  await filter.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/filters=.*state_id/);
  const rows = page.locator('tbody tr');
  await expectEveryRowToContain(rows, 'Goa');

  await page.goto(listingUrl({ q: `Office ${tag}` }, '/pincodes/listing'));
  await expect(rows).toHaveCount(2);
  // (a Playwright text filter ignores case, so "Serviceable" would also match "Not serviceable")
  await expect(rows.filter({ hasText: 'Not serviceable' })).toHaveCount(0);
  await page.getByLabel('Select all rows on this page').check();
  await page.getByLabel('Set serviceability of the selected pincodes').selectOption('false');
  await page.getByRole('dialog', { name: 'Set 2 pincodes to Not serviceable?' }).getByRole('button', { name: 'Set to Not serviceable' }).click();
  await expectToast(page, '2 pincodes updated.');
  await expectEveryRowToContain(rows, 'Not serviceable');
  // The server holds it too: reloaded, the rows say the same.
  await page.reload();
  await expect(rows).toHaveCount(2);
  await expectEveryRowToContain(rows, 'Not serviceable');
});

test('support is refused the geography pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/states/listing', '/cities/listing', '/pincodes/listing', '/pincodes/add', '/cities/1/edit']) {
    expect((await page.goto(path))?.status(), path).toBe(403);
  }
});
