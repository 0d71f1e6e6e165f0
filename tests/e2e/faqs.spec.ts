/**
 * FAQs in the browser: add, edit and delete through the screens; the answer's Preview, rendered
 * by the server, with hostile Markdown coming back as harmless text (no dialog ever opens); and
 * the list showing an answer as the storefront will.
 */
import { test, expect } from './fixtures.ts';
import { addEditDelete, listingUrl, uniqueTag, pageScriptsGzip } from './area-helpers.ts';

test.describe('FAQs', () => {
  test('adds, edits and deletes a FAQ through the screens', async ({ page, loginAs }) => {
    test.slow(); // several page loads
    await loginAs('admin');
    const tag = uniqueTag();
    await addEditDelete(page, {
      listPath: '/faqs/listing',
      singular: 'FAQ',
      label: 'FAQs',
      title: `Do you ship to Ladakh? ${tag}`,
      fillAdd: async (p) => {
        await p.getByLabel('Question').fill(`Do you ship to Ladakh? ${tag}`);
        await p.getByLabel('Shown to').selectOption('customer');
        await p.getByLabel('Answer').fill('Yes, to **Leh and Kargil** in 7–10 days. See [delivery times](/help/shipping).');
      },
      fillEdit: async (p) => {
        await p.getByLabel('Question').fill(`Do you ship to Ladakh and Lakshadweep? ${tag}`);
      },
      editedTitle: `Do you ship to Ladakh and Lakshadweep? ${tag}`,
      afterEdit: async (row) => {
        await row.getByText('Show answer').click();
        await expect(row.locator('.markdown strong')).toHaveText('Leh and Kargil');
        await expect(row.getByRole('link', { name: 'delivery times' })).toHaveAttribute('href', '/help/shipping');
      },
    });
  });

  test('previews the answer as the server renders it, with script and javascript: links inert', async ({ page, loginAs }) => {
    await loginAs('admin');
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto('/faqs/add');
    const answer = page.getByRole('textbox', { name: 'Answer' });
    await answer.fill(
      [
        '**Free** returns within 7 days: see [the policy](/help/returns).',
        '<script>alert("xss")</script>',
        '<img src=x onerror=alert(1)>',
        '[click me](javascript:alert(1))',
      ].join('\n\n'),
    );
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview of the answer' });
    await expect(preview.locator('strong')).toHaveText('Free');
    await expect(preview.getByRole('link', { name: 'the policy' })).toHaveAttribute('href', '/help/returns');
    await expect(preview).toContainText('<script>alert("xss")</script>');
    await expect(preview).toContainText('<img src=x onerror=alert(1)>');
    await expect(preview).toContainText('[click me](javascript:alert(1))');
    await expect(preview.locator('script, img, a[href^="javascript"]')).toHaveCount(0);

    await answer.fill('Now **different**.');
    await expect(page.getByText('Changed since this preview.')).toBeVisible();
    await page.getByRole('button', { name: 'Refresh preview' }).click();
    await expect(preview.locator('strong')).toHaveText('different');
    expect(dialogs).toEqual([]);
  });

  test('the list shows a demo answer rendered, with its links', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto(listingUrl({ q: 'contact support' }, '/faqs/listing'));
    const row = page.locator('tbody tr').filter({ hasText: 'How do I contact support?' });
    await row.getByText('Show answer').click();
    await expect(row.getByRole('link', { name: 'support@example.com' })).toHaveAttribute('href', 'mailto:support@example.com');
  });

  test('the question must be new for its audience: the server’s 422 shows beside it', async ({ page, loginAs }) => {
    await loginAs('admin');
    await page.goto('/faqs/add');
    await page.getByLabel('Question').fill('IS CASH ON DELIVERY AVAILABLE?');
    await page.getByLabel('Answer').fill('Again.');
    await page.getByRole('button', { name: 'Add FAQ' }).click();
    await expect(page.locator('form').getByText('This question is already in the FAQs for this audience.')).toBeVisible();
    await expect(page.getByLabel('Question')).toBeFocused();
  });

  test('support is refused the FAQ pages', async ({ page, loginAs }) => {
    await loginAs('support');
    for (const path of ['/faqs/listing', '/faqs/add', '/faqs/1/edit']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
    }
  });
});

test('the faqs list and form load at most 100 KiB of gzipped JavaScript, React included', async ({ page, loginAs }) => {
  await loginAs('admin');
  const list = await pageScriptsGzip(page, '/faqs/listing');
  // The form with its lazily loaded input kinds (they load once the form is live).
  const form = await pageScriptsGzip(page, '/faqs/add');
  console.log(`/faqs/listing: ${(list.bytes / 1024).toFixed(1)} KiB; /faqs/add: ${(form.bytes / 1024).toFixed(1)} KiB gzipped`);
  expect(list.bytes).toBeLessThanOrEqual(100 * 1024);
  expect(form.bytes).toBeLessThanOrEqual(100 * 1024);
  // The Markdown renderer stays on the server: no script of the form carries it (or linkify, its link finder).
  for (const url of form.scripts) expect(await (await page.request.get(url)).text(), url).not.toMatch(/linkify|markdown-it/i);
});
