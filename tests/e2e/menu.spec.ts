/**
 * The sidebar of each demo account (spec §2): exactly the items the account's abilities allow,
 * computed here from the menu definition (src/lib/navigation/menu.ts) and the abilities the
 * server reports (GET /api/user, fetched by the page); groups left empty are not drawn at all.
 */
import { test, expect, type DemoAccount } from './fixtures.ts';
import { currentUser, drawnMenu, expectedMenu } from './foundation-helpers.ts';
import { MENU } from '../../src/lib/navigation/menu.ts';

for (const account of ['admin', 'vendor', 'support'] as DemoAccount[]) {
  test(`${account} sees exactly the menu their abilities allow`, async ({ page, loginAs }) => {
    await loginAs(account);
    const { abilities, user_type } = await currentUser(page);
    const expected = expectedMenu(abilities, user_type);
    expect(expected.items.length, 'the account sees something').toBeGreaterThan(0);

    const drawn = await drawnMenu(page);
    expect(drawn.items).toEqual(expected.items);
    expect(drawn.groups).toEqual(expected.groups);
    // A separator only between the groups drawn: none after a hidden one. It is the next group's own
    // border (data-after-group), not an element of the list (axe's list rule, decision 027).
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('li[data-after-group]')).toHaveCount(expected.groups.length - 1);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('separator')).toHaveCount(0);
    for (const group of MENU) {
      const list = page.getByRole('navigation', { name: 'Main' }).getByRole('list', { name: group.label, exact: true });
      await expect(list, `group ${group.label}`).toHaveCount(expected.groups.includes(group.label) ? 1 : 0);
    }
  });
}

test('support: the spec’s short menu, and its links work', async ({ page, loginAs }) => {
  await loginAs('support');
  const drawn = await drawnMenu(page);
  expect(drawn.items).toEqual(['Dashboard', 'Orders', 'Pending Orders', 'Shipped Orders', 'Cancelled', 'Customers', 'Customer Feedback']);
  expect(drawn.groups).not.toContain('Catalogue');
  expect(drawn.groups).not.toContain('Products');

  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Customer Feedback' }).click();
  await expect(page).toHaveURL(/\/reviews\/listing$/);
  await expect(nav.getByRole('link', { name: 'Customer Feedback' })).toHaveAttribute('aria-current', 'page');
});

test('vendor: no staff areas in the menu', async ({ page, loginAs }) => {
  await loginAs('vendor');
  const drawn = await drawnMenu(page);
  for (const label of ['Users', 'Vendors', 'RBAC', 'Global Settings', 'Activity Logs']) expect(drawn.items).not.toContain(label);
});

test('a vendor still in store setup sees no main menu', async ({ page, loginAs }) => {
  await loginAs('newvendor');
  await expect(page).toHaveURL(/\/vendor\/store-setup$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});
