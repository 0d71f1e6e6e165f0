/**
 * The form kit's shared behaviour, on a desktop and on a 360×740 phone, through forms of several
 * areas (brands, pincodes, warehouses) since every area form inherits it:
 * - leaving with unsaved changes asks first (Cancel, a menu link: the kit's dialog; a reload: the
 *   browser's `beforeunload`), and a clean form or a successful save doesn't;
 * - an image is previewed when chosen, and a file that is not an image or is too large is refused
 *   at once, with the message the server gives for the same file;
 * - required fields are marked, and an empty submit shows the product's own messages (the form is
 *   `novalidate`: no browser bubbles), focus on the first;
 * - a warehouse address can start with its pincode: typing it fills the state and city;
 * - a picker near the bottom of what the person sees opens upwards.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect, expectToast } from './fixtures.ts';
import { AFTER_SAVE, pngFixture, uniqueTag, unsafeHeaders, pickOption } from './area-helpers.ts';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
] as const;

const NOT_AN_IMAGE = 'This file is not a PNG, JPEG or WebP image. PNG, JPEG or WebP, at most 2 MB.';
const TOO_LARGE = 'The file is too large. PNG, JPEG or WebP, at most 2 MB.';

const leaveDialog = (page: Page) => page.getByRole('dialog', { name: 'Leave without saving?' });

/** Every browser dialog the page opens (a `beforeunload` question), accepted so the navigation goes on. */
function noteBrowserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(dialog.type());
    void dialog.accept();
  });
  return seen;
}

/** The main menu's link: in the sidebar on a desktop, in the drawer the menu button opens on a phone. */
async function menuLink(page: Page, name: string, phone: boolean): Promise<Locator> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  if (phone) {
    await page.getByRole('button', { name: 'Toggle menu' }).click();
    await expect(page.getByRole('button', { name: 'Toggle menu' })).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(link).toBeInViewport();
  return link;
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`form kit on a ${name}`, () => {
    test.use({ viewport });

    test('unsaved changes: Cancel and a menu link ask first, Stay keeps them, a clean form and a save leave at once', async ({ page, loginAs }) => {
      test.slow(); // several page loads
      await loginAs('admin');
      const browserDialogs = noteBrowserDialogs(page);
      const tag = uniqueTag();

      // A clean form leaves without a question.
      await page.goto('/brands/add');
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(page).toHaveURL(/\/brands\/listing$/);

      // Cancel with a change asks; Stay keeps the page and what was typed.
      await page.goto('/brands/add');
      await page.getByLabel('Name').fill(`Unsaved ${tag}`);
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      const dialog = leaveDialog(page);
      await expect(dialog.getByText('Your changes on this page have not been saved.')).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Discard changes' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Stay' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(/\/brands\/add$/);
      await expect(page.getByLabel('Name')).toHaveValue(`Unsaved ${tag}`);

      // Typed back to how it started: nothing to lose, no question.
      await page.getByLabel('Name').fill('');
      await page.getByRole('link', { name: 'Cancel', exact: true }).click();
      await expect(page).toHaveURL(/\/brands\/listing$/);

      // A menu link asks too; Discard changes leaves.
      await page.goto('/brands/add');
      await page.getByLabel('Description').fill('Not kept');
      await (await menuLink(page, 'Dashboard', name === 'phone')).click();
      await expect(leaveDialog(page).getByRole('button', { name: 'Stay' })).toBeVisible();
      await expect(page).toHaveURL(/\/brands\/add$/);
      await leaveDialog(page).getByRole('button', { name: 'Discard changes' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // A successful save leaves without asking.
      await page.goto('/brands/add');
      await page.getByLabel('Name').fill(`Saved ${tag}`);
      await page.getByRole('button', { name: 'Add brand' }).click();
      await expect(page).toHaveURL(/\/brands\/listing$/, AFTER_SAVE);
      await expectToast(page, 'Brand created.');
      await expect(leaveDialog(page)).toHaveCount(0);
      expect(browserDialogs).toEqual([]);
    });

    test('unsaved changes: a reload asks through the browser (beforeunload), a clean form reloads at once', async ({ page, loginAs }) => {
      await loginAs('admin');
      const browserDialogs = noteBrowserDialogs(page);
      await page.goto('/pincodes/add');
      await page.getByLabel('Post offices').fill('Somewhere');
      await page.reload();
      await expect.poll(() => browserDialogs).toEqual(['beforeunload']);
      // Accepted: the page reloaded, and the form starts clean.
      await expect(page.getByLabel('Post offices')).toHaveValue('');
      await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
      await page.reload();
      await expect(page.getByLabel('Post offices')).toBeVisible();
      expect(browserDialogs).toEqual(['beforeunload']);
    });

    test('an image is previewed when chosen, and a wrong or too large file is refused at once with the server’s words', async ({ page, loginAs }) => {
      await loginAs('admin');
      await page.goto('/brands/add');
      const logo = page.getByLabel('Logo');
      const sent: string[] = [];
      page.on('request', (request) => {
        if (request.method() !== 'GET') sent.push(request.url());
      });

      await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: pngFixture() });
      const preview = page.getByRole('img', { name: 'Logo preview' });
      await expect(preview).toBeVisible();
      await expect(preview).toHaveAttribute('src', /^blob:/);
      await expect(page.getByText('Chosen: logo.png')).toBeVisible();

      // Not an image, whatever it calls itself: refused beside the field, the chosen logo kept.
      await logo.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
      await expect(page.getByText(NOT_AN_IMAGE)).toBeVisible();
      await expect(logo).toHaveAttribute('aria-invalid', 'true');
      await expect(logo).toHaveAccessibleDescription(new RegExp(NOT_AN_IMAGE.replace(/[.]/g, '\\.')));
      await expect(preview).toHaveAttribute('src', /^blob:/);

      // Too large: refused before a byte is sent.
      const large = Buffer.concat([pngFixture(), Buffer.alloc(2 * 1024 * 1024)]);
      await logo.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: large });
      await expect(page.getByText(TOO_LARGE)).toBeVisible();
      expect(sent).toEqual([]);

      // The server says exactly the same of the same files.
      const headers = await unsafeHeaders(page);
      for (const [file, message] of [
        [{ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') }, NOT_AN_IMAGE],
        [{ name: 'huge.png', mimeType: 'image/png', buffer: large }, TOO_LARGE],
      ] as const) {
        const response = await page.request.post('/api/brands', { headers, multipart: { name: `Refused ${uniqueTag()}`, logo: file } });
        expect(response.status()).toBe(422);
        expect((await response.json()).errors.logo).toEqual([message]);
      }

      // A good file replaces the refusal; Remove takes it back, by keyboard.
      await logo.setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: pngFixture([20, 120, 60]) });
      await expect(page.getByText(TOO_LARGE)).toHaveCount(0);
      await expect(page.getByText('Chosen: second.png')).toBeVisible();
      await page.getByRole('button', { name: 'Remove logo' }).focus();
      await page.keyboard.press('Enter');
      await expect(preview).toHaveCount(0);
      await expect(logo).toBeFocused();
    });

    test('the profile form, on the same kit: the avatar is refused at once in the server’s words, and leaving asks', async ({ page, loginAs }) => {
      await loginAs('support');
      await page.goto('/profile');
      const avatar = page.getByLabel('Profile picture');
      await avatar.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo at all') });
      await expect(page.getByText(NOT_AN_IMAGE)).toBeVisible();
      await expect(avatar).toHaveAttribute('aria-invalid', 'true');
      await avatar.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngFixture([90, 30, 160]) });
      await expect(page.getByRole('img', { name: 'Preview of the new profile picture' })).toBeVisible();
      await expect(page.getByText(NOT_AN_IMAGE)).toHaveCount(0);
      await (await menuLink(page, 'Dashboard', name === 'phone')).click();
      await leaveDialog(page).getByRole('button', { name: 'Stay' }).click();
      await expect(leaveDialog(page)).toHaveCount(0);
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole('img', { name: 'Preview of the new profile picture' })).toBeVisible();
    });

    test('required fields are marked, and an empty submit shows the product’s own messages', async ({ page, loginAs }) => {
      await loginAs('admin');
      for (const [path, button, first, message] of [
        ['/brands/add', 'Add brand', 'Name', 'Enter the brand name.'],
        ['/pincodes/add', 'Add pincode', 'Pincode', 'Enter the pincode.'],
      ] as const) {
        await page.goto(path);
        const form = page.locator('form[novalidate]');
        await expect(form).toHaveCount(1);
        await expect(form.getByText('Fields marked with * are required.')).toBeVisible();
        const control = form.getByRole('textbox', { name: first, exact: true });
        await expect(control).toHaveAttribute('required', '');
        await expect(form.locator(`label[for="${await control.getAttribute('id')}"]`)).toContainText('*');
        await form.getByRole('button', { name: button }).click();
        await expect(form.getByText(message)).toBeVisible();
        await expect(control).toBeFocused();
        await expect(control).toHaveAttribute('aria-invalid', 'true');
        await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.]/g, '\\.')));
        // No browser bubble: the browser was never asked to validate (it would say "Please fill out this field").
        expect(await form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true);
        await expect(page.getByText(/Please fill (out|in) this field/)).toHaveCount(0);
        // Leaving the refused form: nothing was typed, so no question.
        await page.getByRole('link', { name: 'Cancel', exact: true }).click();
        await expect(leaveDialog(page)).toHaveCount(0);
        await expect(page).not.toHaveURL(new RegExp(`${path}$`));
      }
    });

    test('a warehouse address starts with its pincode: typing it fills the state and city', async ({ page, loginAs }) => {
      test.slow();
      await loginAs('admin');
      const tag = uniqueTag();
      await page.goto('/warehouses/add');
      const pincode = page.getByRole('combobox', { name: 'Pincode' });
      await expect(pincode).toBeEnabled(); // offered before a city is chosen
      await expect(page.getByRole('combobox', { name: 'City' })).toBeDisabled();
      await pincode.fill('570001');
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
      await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Mysuru');
      await expect(pincode).toHaveValue('570001');
      await expect(page.getByText('Filled from the pincode: Mysuru, Karnataka.')).toBeVisible();
      await expect(page.getByRole('listbox', { name: 'Pincode' })).toBeHidden();

      // A state and city chosen first are kept when they agree, and replaced when the pincode is elsewhere.
      await pickOption(page, 'State', 'tamil', 'Tamil Nadu');
      await expect(page.getByRole('combobox', { name: 'Pincode' })).toHaveValue('');
      await pickOption(page, 'City', 'chenn', 'Chennai');
      await pincode.fill('570001');
      await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Karnataka');
      await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Mysuru');
      await expect(page.getByText('Changed to Mysuru, Karnataka, where pincode 570001 is.')).toBeVisible();

      // An unknown pincode says so and changes nothing.
      await pincode.fill('999999');
      await expect(page.getByText('Pincode 999999 is not in the list. Check it, or choose the state and city.')).toBeVisible();
      await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Mysuru');
      await pickOption(page, 'Pincode', '57000', '570001');

      // Saved with the filled address.
      await page.getByLabel('Name').fill(`Pincode first ${tag}`);
      await page.getByRole('textbox', { name: 'Code', exact: true }).fill(`pf-${tag}`);
      await page.getByLabel('Contact person').fill('Lakshmi Rao');
      await page.getByLabel('Contact phone').fill('+91 821 242 0000');
      await page.getByLabel('Address line 1').fill('5 Sayyaji Rao Road');
      await page.getByRole('button', { name: 'Add warehouse' }).click();
      await expect(page).toHaveURL(/\/warehouses(\?|$)/, AFTER_SAVE);
      await expectToast(page, 'Warehouse created.');
      const headers = await unsafeHeaders(page);
      const found = await page.request.get(`/api/warehouses?q=${encodeURIComponent(`PF-${tag}`)}`, { headers });
      expect((await found.json()).data[0]).toMatchObject({ code: `PF-${tag}`, city_name: 'Mysuru', state_name: 'Karnataka', pincode: '570001' });
    });

    test("a pincode typed before the picker's code arrives, and filled from meanwhile, leaves the picker shut", async ({ page, loginAs }) => {
      await loginAs('admin');
      // Hold the picker's code until the lookup has filled the address: the order a slow phone sees.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/RelationCombobox\.[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/warehouses/add');
      const pincode = page.getByRole('combobox', { name: 'Pincode' });
      await pincode.fill('570001');
      await expect(page.getByText('Filled from the pincode: Mysuru, Karnataka.')).toBeVisible();
      release();
      // The picker's own input has taken the field's place (the stand-in controls no list).
      await expect(pincode).toHaveAttribute('aria-controls', /listbox/);
      await expect(pincode).toHaveAttribute('aria-expanded', 'false');
      await expect(page.getByRole('combobox', { name: 'City' })).toHaveValue('Mysuru');
      await expect(page.getByRole('listbox', { name: 'Pincode' })).toBeHidden();
      await expect(pincode).toHaveValue('570001');
    });

    test('store details, a server-rendered form, fills the state and picks the city from the pincode too, and asks before leaving', async ({
      page,
      loginAs,
    }) => {
      await loginAs('vendor');
      await page.goto('/vendor/store-details');
      const state = page.getByLabel('State or union territory');
      // The city is picked from the geography tables: one list, grouped by state.
      const city = page.getByRole('combobox', { name: 'City', exact: true });
      const pincode = page.getByRole('textbox', { name: 'Pincode', exact: true });
      await state.selectOption('Tamil Nadu');
      await city.selectOption({ label: 'Chennai' });
      await pincode.fill('570001');
      await expect(state).toHaveValue('Karnataka');
      await expect(city.locator('option:checked')).toHaveText('Mysuru');
      await expect(page.getByText('Filled from the pincode. State changed to Karnataka. City: Mysuru.')).toBeVisible();
      // A city the person picked in the pincode's state is theirs.
      await pincode.fill('560001');
      await expect(page.getByText(/^Pincode 560001 is in .+, Karnataka\.$/)).toBeVisible();
      await expect(state).toHaveValue('Karnataka');
      await expect(city.locator('option:checked')).toHaveText('Mysuru');
      // The same leave question as the island forms.
      await (await menuLink(page, 'Dashboard', name === 'phone')).click();
      await leaveDialog(page).getByRole('button', { name: 'Discard changes' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('a picker near the bottom of the screen opens upwards, and downwards when there is room', async ({ page, loginAs }) => {
      await loginAs('admin');
      await page.goto('/warehouses/add');
      const state = page.getByRole('combobox', { name: 'State' });
      const list = page.getByRole('listbox', { name: 'State' });

      // The field's bottom brought to the bottom edge of the screen (as far as the page scrolls).
      await state.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 8));
      const low = (await state.boundingBox())!;
      expect(viewport.height - (low.y + low.height), 'little room left below the field').toBeLessThan(120);
      await state.click();
      await expect(list.getByRole('option').first()).toBeVisible();
      await expect(list).toHaveAttribute('data-placement', 'above');
      const above = (await list.boundingBox())!;
      expect(above.y + above.height).toBeLessThanOrEqual(low.y);
      expect(above.y).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('Escape');
      await expect(list).toBeHidden();

      // Near the top: the list opens below, as usual.
      await state.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 80));
      const high = (await state.boundingBox())!;
      expect(viewport.height - (high.y + high.height), 'room below the field').toBeGreaterThan(300);
      await state.click();
      await expect(list.getByRole('option').first()).toBeVisible();
      await expect(list).toHaveAttribute('data-placement', 'below');
      expect((await list.boundingBox())!.y).toBeGreaterThanOrEqual(high.y + high.height);
    });
  });
}
