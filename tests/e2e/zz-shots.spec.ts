import { test, expect } from './fixtures.ts';

for (const width of [1280, 360]) {
  test(`shots ${width}`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs('admin');
    await page.goto('/coupons/listing');
    await expect(page.getByRole('cell', { name: 'WELCOME10', exact: true })).toBeVisible();
    await page.screenshot({ path: `/tmp/coupon-shots/list-${width}.png`, fullPage: true });
    await page.goto('/coupons/add');
    await page.getByLabel('Applies to').selectOption('products');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/coupon-shots/add-${width}.png`, fullPage: true });
    const r = await page.request.get('/api/orders?q=000007', { headers: { accept: 'application/json' } });
    const id = (await r.json()).data[0].order_id;
    await page.goto(`/orders/${id}/details`);
    await page.screenshot({ path: `/tmp/coupon-shots/order-${width}.png`, fullPage: true });
  });
}
