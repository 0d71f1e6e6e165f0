/**
 * Product tags over real HTTP: the demo tags, create (slug from the name), uniqueness, search,
 * bulk status, delete, the activity log, and who may do any of it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
const tags = areaApi('tags', () => admin);

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('tags', () => {
  it('lists the demo tags by name and searches name and slug', async () => {
    const { body } = await tags.list();
    expect(body.data.map((t) => [t.name, t.status])).toEqual([
      ['Diwali Gifts 2025', 'inactive'],
      ['Festive Wear', 'active'],
      ['Handloom', 'active'],
      ['Made in India', 'active'],
      ['New Arrival', 'active'],
      ['Organic Cotton', 'active'],
    ]);
    expect((await tags.list({ q: 'organic-cot' })).body.data.map((t) => t.name)).toEqual(['Organic Cotton']);
    expect((await tags.list(filter('status', 'equals', 'inactive'))).body.meta.total).toBe(1);
  });

  it('creates a tag with a slug from its name, and refuses duplicates and blanks beside the field', async () => {
    const made = await tags.create({ name: 'Eco-friendly & Vegan', status: 'active' });
    expect(made).toMatchObject({ name: 'Eco-friendly & Vegan', slug: 'eco-friendly-and-vegan', status: 'active', version: 1 });
    const cases: [Record<string, string>, string, string][] = [
      [{ name: 'handloom' }, 'name', 'A tag with this name already exists.'],
      [{ name: 'Hand-loomed', slug: 'handloom' }, 'slug', 'This slug is already used by another tag.'],
      [{ name: '' }, 'name', 'Enter the tag name.'],
      [{ name: 'x'.repeat(61) }, 'name', 'At most 60 characters.'],
    ];
    for (const [fields, field, message] of cases) {
      const body = await expectErrorShape(await tags.post(fields), 422);
      expect(body.errors?.[field], JSON.stringify(fields)).toEqual([message]);
    }
    await expectErrorShape(await tags.post({ name: 'Extra', colour: 'red' }), 422);
  });

  it('edits (the saved slug stays), bulk-sets the status, deletes, and logs each change', async () => {
    const made = await tags.create({ name: 'Monsoon Sale' });
    const saved = await tags.put(made.id, { name: 'Monsoon Sale 2026', version: '1' });
    expect((await saved.json()).data).toMatchObject({ name: 'Monsoon Sale 2026', slug: 'monsoon-sale', version: 2 });
    const status = await admin.post('/api/tags/bulk-status', { json: { ids: [made.id], status: 'inactive' } });
    expect(await status.json()).toEqual({ message: '1 tag updated.', count: 1, data: { updated: 1 } });
    const deleted = await tags.delete(made.id);
    expect((await deleted.json()).message).toBe('Tag deleted.');
    await expectErrorShape(await tags.delete(made.id), 404);
    const entries = await tags.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'update', 'create']);
    expect(entries[2]!.changes).toEqual({ name: ['Monsoon Sale', 'Monsoon Sale 2026'] });
  });

  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} the list, the changes and the pages`, async () => {
      const handloom = await tags.find('name', 'Handloom');
      await expectAreaRefused(await app.as(account), 'tags', handloom.id, ['/tags/listing', '/tags/add', `/tags/${handloom.id}/edit`]);
    });
  }
});
