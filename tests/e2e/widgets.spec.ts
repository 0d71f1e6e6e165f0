/**
 * Widgets in the browser: add (with an image and its alt text), edit and delete through the
 * screens; the form's errors for a javascript: link and a schedule that ends before it starts;
 * what the list says the storefront shows; and changing the order with the keyboard (Move up /
 * Move down) and by dragging, saved and still there after a reload.
 */
import { test, expect, expectToast } from './fixtures.ts';
import { addEditDelete, createRecord, listingUrl, pngFixture, uniqueTag, AFTER_SAVE, pageScriptsGzip } from './area-helpers.ts';
import type { Page } from '@playwright/test';

const rows = (page: Page) => page.locator('tbody tr');
const titlesInOrder = (page: Page) => page.locator('tbody tr td:nth-child(5)').allInnerTexts();

/** Three widgets sharing a tag, so a search shows exactly them (other specs add widgets too). */
async function taggedWidgets(page: Page, tag: string) {
  const out: { id: number; title: string }[] = [];
  for (const name of ['Alpha', 'Bravo', 'Charlie'])
    out.push(await createRecord(page, 'widgets', { title: `${name} ${tag}`, type: 'strip', status: 'active', link_url: `/sale/${name.toLowerCase()}` }));
  return out;
}

async function savedOrder(page: Page, tag: string): Promise<string[]> {
  const response = await page.request.get(`/api/widgets?${new URLSearchParams({ q: tag, sort: 'position', order: 'asc' })}`);
  return ((await response.json()).data as { title: string }[]).map((w) => w.title);
}

test.describe('widgets', () => {
  test('adds a hero banner with an image, edits and deletes it through the screens', async ({ page, loginAs }) => {
    test.slow(); // several page loads and an upload
    await loginAs('admin');
    const tag = uniqueTag();
    await addEditDelete(page, {
      listPath: '/widgets/listing',
      singular: 'Widget',
      label: 'Widgets',
      title: `Monsoon Sale ${tag}`,
      fillAdd: async (p) => {
        await p.getByLabel('Title').fill(`Monsoon Sale ${tag}`);
        await p.getByLabel('Type').selectOption('hero-banner');
        await p.getByLabel('Image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: pngFixture([20, 90, 160]) });
        await p.getByLabel('Alt text').fill('Blue banner: monsoon sale, umbrellas and raincoats');
        await p.getByLabel('Link').fill('/sale/monsoon');
        await p.getByLabel('Starts').fill('2030-07-01T09:00');
      },
      fillEdit: async (p) => {
        await expect(p.getByLabel('Starts')).toHaveValue('2030-07-01T09:00');
        await expect(p.getByRole('img', { name: 'Image preview' })).toBeVisible();
        await p.getByLabel('Title').fill(`Monsoon Sale Extended ${tag}`);
        await p.getByLabel('Starts').fill('');
      },
      editedTitle: `Monsoon Sale Extended ${tag}`,
      afterEdit: async (row) => {
        await expect(row.getByText('Live')).toBeVisible();
        await expect(row.locator('img')).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.png$/);
      },
    });
  });

  test('shows the form’s errors beside the field: a javascript: link, an end before the start, an image without alt text', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/widgets/add');
    await page.getByLabel('Title').fill(`Bad link ${uniqueTag()}`);
    await expect(page.getByLabel('Type')).toHaveValue('');
    await page.getByLabel('Type').selectOption('strip');
    await page.getByLabel('Link').fill('javascript:alert(1)');
    await page.getByLabel('Starts').fill('2030-01-02T10:00');
    await page.getByLabel('Ends').fill('2030-01-01T10:00');
    await page.getByLabel('Image').setInputFiles({ name: 'x.png', mimeType: 'image/png', buffer: pngFixture() });
    await page.getByRole('button', { name: 'Add widget' }).click();
    await expect(page.getByLabel('Link')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter a storefront path starting with / (like /sale/diwali) or an https:// address.')).toBeVisible();
    await expect(page.getByLabel('Link')).toBeFocused();

    // The checks across fields come once each field is right: the first, in form order, gets the focus.
    await page.getByLabel('Link').fill('/sale/fixed');
    await page.getByRole('button', { name: 'Add widget' }).click();
    await expect(page.getByText('End the schedule after it starts.')).toBeVisible();
    await expect(page.getByText('Describe the image for shoppers who can’t see it (alt text).')).toBeVisible();
    await expect(page.getByLabel('Alt text')).toBeFocused();
    await expect(page).toHaveURL(/\/widgets\/add$/);
  });

  test('the list says what the storefront shows now', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto(listingUrl({ q: 'Republic Day' }, '/widgets/listing'));
    await expect(rows(page).filter({ hasText: 'Republic Day Sale' }).getByText('Scheduled')).toBeVisible();
    await page.goto(listingUrl({ q: 'Independence Day' }, '/widgets/listing'));
    await expect(rows(page).filter({ hasText: 'Independence Day' }).getByText('Expired')).toBeVisible();
  });

  test('changes the order with the keyboard: Move up / Move down, saved and kept after a reload', async ({ page, loginAs }) => {
    await loginAs('admin');
    const tag = uniqueTag();
    await taggedWidgets(page, tag);
    await page.goto(listingUrl({ q: tag }, '/widgets/listing'));
    await expect.poll(() => titlesInOrder(page)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
    await expect(page.getByRole('button', { name: `Move Alpha ${tag} up` })).toBeDisabled();

    await page.getByRole('button', { name: `Move Alpha ${tag} down` }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => titlesInOrder(page)).toEqual([`Bravo ${tag}`, `Alpha ${tag}`, `Charlie ${tag}`]);
    // The focus stays with the moved row, so it can be moved again at once.
    await expect(page.getByRole('button', { name: `Move Alpha ${tag} down` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(() => titlesInOrder(page)).toEqual([`Bravo ${tag}`, `Charlie ${tag}`, `Alpha ${tag}`]);
    // At the bottom, Move down is off: the focus goes to Move up.
    await expect(page.getByRole('button', { name: `Move Alpha ${tag} up` })).toBeFocused();
    await expect(page.getByText(`Moved "Alpha ${tag}" to position 3 of 3.`)).toBeAttached();

    await expect.poll(() => savedOrder(page, tag)).toEqual([`Bravo ${tag}`, `Charlie ${tag}`, `Alpha ${tag}`]);
    await page.reload();
    await expect.poll(() => titlesInOrder(page)).toEqual([`Bravo ${tag}`, `Charlie ${tag}`, `Alpha ${tag}`]);
  });

  test('changes the order by dragging a row onto another', async ({ page, loginAs }) => {
    await loginAs('admin');
    const tag = uniqueTag();
    const [, , charlie] = await taggedWidgets(page, tag);
    await page.goto(listingUrl({ q: tag }, '/widgets/listing'));
    await expect.poll(() => titlesInOrder(page)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);

    // A drag starts with the pointer over the list, which hydrates it (client:intent); the drag needs
    // the island's code, so the pointer rests there until the list is ready, as a person's would.
    await rows(page).first().hover();
    await expect(page.locator('[data-ready]')).toHaveCount(1);
    await page.locator(`[data-drag-handle="${charlie!.id}"]`).dragTo(rows(page).first());
    await expect.poll(() => titlesInOrder(page)).toEqual([`Charlie ${tag}`, `Alpha ${tag}`, `Bravo ${tag}`]);
    await expectToast(page, 'Order saved.');
    await expect.poll(() => savedOrder(page, tag)).toEqual([`Charlie ${tag}`, `Alpha ${tag}`, `Bravo ${tag}`]);
    await page.reload();
    await expect.poll(() => titlesInOrder(page)).toEqual([`Charlie ${tag}`, `Alpha ${tag}`, `Bravo ${tag}`]);
  });

  test('offers the order controls only when sorted by position, and says how to get there', async ({ page, loginAs }) => {
    await loginAs('admin');
    const tag = uniqueTag();
    await taggedWidgets(page, tag);
    await page.goto(listingUrl({ q: tag, sort: 'title', order: 'desc' }, '/widgets/listing'));
    await expect(page.getByRole('button', { name: `Move Alpha ${tag} down` })).toBeDisabled();
    await page.getByRole('button', { name: 'Arrange the order' }).click();
    await expect(page).toHaveURL(/sort=position/);
    expect(page.url()).not.toContain('order=desc');
    await expect(page.getByRole('button', { name: `Move Alpha ${tag} down` })).toBeEnabled();
  });

  test('support is refused the widget pages', async ({ page, loginAs }) => {
    await loginAs('support');
    for (const path of ['/widgets/listing', '/widgets/add', '/widget/1/edit']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });
});

test('a save after the list changed elsewhere shows the 409 and reloads the true order', async ({ page, loginAs }) => {
  await loginAs('admin');
  const tag = uniqueTag();
  await taggedWidgets(page, tag);
  await page.goto(listingUrl({ q: tag }, '/widgets/listing'));
  await expect.poll(() => titlesInOrder(page)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`]);
  // Someone else adds a widget to this set meanwhile.
  await createRecord(page, 'widgets', { title: `Delta ${tag}`, type: 'strip', status: 'active' });
  await page.getByRole('button', { name: `Move Alpha ${tag} down` }).click();
  await expect(page.locator('.card [role=alert]')).toContainText('changed since the list was loaded', AFTER_SAVE);
  await expect.poll(() => titlesInOrder(page)).toEqual([`Alpha ${tag}`, `Bravo ${tag}`, `Charlie ${tag}`, `Delta ${tag}`]);
});

test('the widgets list and form load at most 100 KiB of gzipped JavaScript, React included', async ({ page, loginAs }) => {
  await loginAs('admin');
  const list = await pageScriptsGzip(page, '/widgets/listing');
  // The form with its lazily loaded input kinds (they load once the form is live).
  const form = await pageScriptsGzip(page, '/widgets/add');
  console.log(`/widgets/listing: ${(list.bytes / 1024).toFixed(1)} KiB; /widgets/add: ${(form.bytes / 1024).toFixed(1)} KiB gzipped`);
  expect(list.bytes).toBeLessThanOrEqual(100 * 1024);
  expect(form.bytes).toBeLessThanOrEqual(100 * 1024);
});
