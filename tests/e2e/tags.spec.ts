/** Product tags in the browser: add, edit and delete through the screens; support refused. */
import { test, expect } from './fixtures.ts';
import { addEditDelete, uniqueTag } from './area-helpers.ts';

test('adds, edits and deletes a tag through the screens', async ({ page, loginAs }) => {
  test.slow(); // many page loads: Chromium without a GPU takes 1–2 s each
  await loginAs('admin');
  const tag = uniqueTag();
  await addEditDelete(page, {
    listPath: '/tags/listing',
    singular: 'Tag',
    label: 'Product Tags',
    title: `Block Print ${tag}`,
    fillAdd: async (p) => {
      await p.getByLabel('Name').fill(`Block Print ${tag}`);
      await expect(p.getByLabel('Slug')).toHaveValue(`block-print-${tag.toLowerCase()}`);
    },
    fillEdit: async (p) => {
      await p.getByLabel('Status').selectOption('inactive');
    },
    afterEdit: async (row) => {
      await expect(row).toContainText(`block-print-${tag.toLowerCase()}`);
      await expect(row).toContainText('Inactive');
    },
  });
});

test('support is refused the tag pages', async ({ page, loginAs }) => {
  await loginAs('support');
  for (const path of ['/tags/listing', '/tags/add']) expect((await page.goto(path))?.status(), path).toBe(403);
});
