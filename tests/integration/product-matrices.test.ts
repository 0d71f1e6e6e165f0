/**
 * Product matrix groups and product matrices over real HTTP: the demo groups with their ordered
 * values and swatches, values added, renamed (two names swapped), reordered and removed keeping
 * their ids, every swatch and value rule answering 422 on the exact row, a value or group a
 * product uses refused with 409 naming the count, matrices limited to their group's values, the
 * activity log, the read API the product form uses, and who may do what: staff manage, vendors
 * and support are refused, vendors read the active groups through /choices.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';
import { areaApi, expectAreaRefused, filter, form, type ApiRecord } from '../helpers/area-api.ts';

const app = useServer();
let admin: HttpClient;
let vendor: HttpClient;
let support: HttpClient;
const groups = areaApi('product-matrix-groups', () => admin);
const matrices = areaApi('product-matrices', () => admin);

type Value = { id?: number; value: string; swatch?: string | null };

const groupFields = (fields: { name: string; kind?: string; status?: string; values: Value[] }, version?: number) => ({
  name: fields.name,
  kind: fields.kind ?? 'text',
  status: fields.status ?? 'active',
  values: JSON.stringify(fields.values),
  ...(version ? { version: String(version) } : {}),
});

beforeAll(async () => {
  admin = await app.as('admin');
  vendor = await app.as('vendor');
  support = await app.as('support');
});

describe('product matrix groups', () => {
  it('lists the demo groups with their values in order, colour values with swatches', async () => {
    const { body } = await groups.list();
    expect(body.data.map((g) => [g.name, g.kind, g.values_summary, g.values_count])).toEqual([
      ['Colour', 'colour', 'Red, Indigo, White, Black, Maroon, Gold', 6],
      ['Material', 'text', 'Cotton, Linen, Silk, Denim', 4],
      ['Size', 'text', 'XS, S, M, L, XL, XXL', 6],
    ]);
    const colour = body.data.find((g) => g.name === 'Colour')!;
    expect(colour.values.slice(0, 2)).toMatchObject([
      { value: 'Red', swatch: '#d00000' },
      { value: 'Indigo', swatch: '#3f51b5' },
    ]);
    expect((await groups.list({ q: 'linen' })).body.data.map((g) => g.name)).toEqual(['Material']);
    expect((await groups.list(filter('kind', 'equals', 'colour'))).body.meta.total).toBe(1);
  });

  it('creates a colour group, then renames, swaps, reorders, adds and removes values keeping their ids', async () => {
    const made = await groups.create(
      groupFields({
        name: 'Saree colour',
        kind: 'colour',
        values: [
          { value: 'Peacock', swatch: '#0F7B8A' },
          { value: 'Mustard', swatch: '#e1ad01' },
          { value: 'Ivory', swatch: '#fffff0' },
        ],
      }),
    );
    expect(made.values).toMatchObject([
      { value: 'Peacock', swatch: '#0f7b8a' },
      { value: 'Mustard', swatch: '#e1ad01' },
      { value: 'Ivory', swatch: '#fffff0' },
    ]);
    const [peacock, mustard, ivory] = made.values as Required<Value>[];
    // Swap two names, move Ivory first, add one: the unique index never sees a duplicate in between.
    const res = await groups.put(
      made.id,
      groupFields(
        {
          name: 'Saree colour',
          kind: 'colour',
          values: [
            { id: ivory!.id, value: 'Ivory', swatch: '#fffff0' },
            { id: peacock!.id, value: 'Mustard', swatch: '#0f7b8a' },
            { id: mustard!.id, value: 'Peacock', swatch: '#e1ad01' },
            { value: 'Rani pink', swatch: '#e0115f' },
          ],
        },
        made.version,
      ),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await groups.get(made.id)) as ApiRecord;
    expect(saved.values.map((v: Value) => [v.id, v.value])).toEqual([
      [ivory!.id, 'Ivory'],
      [peacock!.id, 'Mustard'],
      [mustard!.id, 'Peacock'],
      [expect.any(Number), 'Rani pink'],
    ]);
    // Remove one (no product uses it), and turn the group into text: swatches go.
    const res2 = await groups.put(
      made.id,
      groupFields({ name: 'Saree colour', kind: 'text', values: saved.values.slice(1).map((v: Value) => ({ id: v.id, value: v.value })) }, saved.version),
    );
    expect(res2.status).toBe(200);
    const after = await groups.get(made.id);
    expect(after.values.map((v: Value) => [v.value, v.swatch])).toEqual([
      ['Mustard', null],
      ['Peacock', null],
      ['Rani pink', null],
    ]);
    const entries = await groups.activity(made.id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]!.changes.values).toEqual(['Ivory (#fffff0), Mustard (#0f7b8a), Peacock (#e1ad01), Rani pink (#e0115f)', 'Mustard, Peacock, Rani pink']);
    expect(entries[1]!.changes.values).toEqual([
      'Peacock (#0f7b8a), Mustard (#e1ad01), Ivory (#fffff0)',
      'Ivory (#fffff0), Mustard (#0f7b8a), Peacock (#e1ad01), Rani pink (#e0115f)',
    ]);
  });

  it('refuses bad values beside the exact row, writing nothing', async () => {
    const errorsOf = async (fields: Record<string, string>) => (await expectErrorShape(await groups.post(fields), 422)).errors ?? {};
    expect(
      await errorsOf(
        groupFields({
          name: 'Shade',
          kind: 'colour',
          values: [
            { value: 'Red', swatch: '#d00000' },
            { value: 'Blue', swatch: 'blue' },
          ],
        }),
      ),
    ).toEqual({
      'values.1.swatch': ['Choose a swatch colour: # and six hex digits, e.g. #d00000.'],
    });
    expect(await errorsOf(groupFields({ name: 'Shade', kind: 'colour', values: [{ value: 'Red' }] }))).toEqual({
      'values.0.swatch': ['Choose a swatch colour: # and six hex digits, e.g. #d00000.'],
    });
    expect(await errorsOf(groupFields({ name: 'Fit', values: [{ value: 'Slim' }, { value: 'slim' }] }))).toEqual({
      'values.1.value': ['Value 1 is already “slim”.'],
    });
    expect(await errorsOf(groupFields({ name: 'Fit', values: [{ value: ' ' }] }))).toEqual({ 'values.0.value': ['Name the value.'] });
    expect(await errorsOf(groupFields({ name: 'Fit', values: [] }))).toEqual({ values: ['Add at least 1 value.'] });
    expect(await errorsOf({ ...groupFields({ name: 'Fit', values: [{ value: 'Slim' }] }), values: 'not json' })).toEqual({
      values: ['Send the values as a list of rows.'],
    });
    expect(await errorsOf(groupFields({ name: 'size', values: [{ value: 'Free size' }] }))).toEqual({
      name: ['A matrix group with this name already exists.'],
    });
    expect(await errorsOf(groupFields({ name: 'Fit', values: [{ id: 2_147_483_648, value: 'Slim' }] }))).toEqual({
      'values.0.id': ["Each value's id must be a record id."],
    });
    // Another group's value id is not this group's.
    const size = await groups.find('name', 'Size');
    expect(await errorsOf(groupFields({ name: 'Fit', values: [{ id: size.values[0].id, value: 'Slim' }] }))).toEqual({
      'values.0.id': ['This value is not one of this group’s. Reload the page and try again.'],
    });
    expect((await groups.list(filter('name', 'equals', 'Fit'))).body.meta.total).toBe(0);
    expect((await groups.list(filter('name', 'equals', 'Shade'))).body.meta.total).toBe(0);
  });

  it('refuses removing a value, or deleting a group, that products use, naming the count (409)', async () => {
    const material = await groups.find('name', 'Material');
    const [cotton, linen] = material.values as Required<Value>[];
    // What the product form (the products issue) saves: options picked by two products, one variant with Linen.
    await app.server.withDatabase(async (q) => {
      const products = (await q(`select id, vendor_id from products order by id limit 2`)) as { id: number; vendor_id: number }[];
      for (const p of products)
        await q(`insert into product_options (product_id, group_id, position, value_ids) values ($1, $2, 0, $3)`, [p.id, material.id, [cotton!.id]]);
      await q(`update product_variants set option_value_ids = $1 where product_id = $2`, [[linen!.id], products[0]!.id]);
    });
    admin = await app.as('admin'); // withDatabase may restart the server
    const current = await groups.get(material.id);
    const withoutCotton = current.values.filter((v: Value) => v.value !== 'Cotton').map((v: Value) => ({ id: v.id, value: v.value }));
    const refused = await expectErrorShape(await groups.put(material.id, groupFields({ name: 'Material', values: withoutCotton }, current.version)), 409);
    expect(refused.message).toBe('“Cotton” is used by 2 products: it can’t be removed.');
    const withoutLinen = current.values.filter((v: Value) => v.value !== 'Linen').map((v: Value) => ({ id: v.id, value: v.value }));
    expect((await expectErrorShape(await groups.put(material.id, groupFields({ name: 'Material', values: withoutLinen }, current.version)), 409)).message).toBe(
      '“Linen” is used by 1 product: it can’t be removed.',
    );
    expect((await groups.get(material.id)).values_summary).toBe('Cotton, Linen, Silk, Denim');
    // Renaming a used value is fine: the products follow the id.
    const renamed = current.values.map((v: Value) => ({ id: v.id, value: v.value === 'Cotton' ? 'Organic cotton' : v.value }));
    expect((await groups.put(material.id, groupFields({ name: 'Material', values: renamed }, current.version))).status).toBe(200);

    const check = await admin.getJson<{ data: { deletable: boolean; reason?: string } }>(`/api/product-matrix-groups/${material.id}/delete-check`);
    expect(JSON.stringify(check.body)).toContain('is used by 2 products');
    const deleted = await expectErrorShape(await groups.delete(material.id), 409);
    expect(deleted.message).toContain('is used by 2 products');
    // The Size group is used by the "Adult sizes" matrix.
    const size = await groups.find('name', 'Size');
    expect((await expectErrorShape(await groups.delete(size.id), 409)).message).toContain('is used by 1 product matrix');
  });

  it('deletes an unused group with its values', async () => {
    const made = await groups.create(groupFields({ name: 'Sleeve', values: [{ value: 'Half' }, { value: 'Full' }] }));
    expect((await groups.delete(made.id)).status).toBe(200);
    expect((await admin.get(`/api/product-matrix-groups/${made.id}`)).status).toBe(404);
  });
});

describe('product matrices', () => {
  it('lists the demo matrices with their group and values in order', async () => {
    const { body } = await matrices.list();
    expect(body.data.map((m) => [m.name, m.group_name, m.values_summary, m.values_count])).toEqual([
      ['Adult sizes', 'Size', 'S, M, L, XL, XXL', 5],
      ['Festive colours', 'Colour', 'Maroon, Gold, Red', 3],
    ]);
    const colour = await groups.find('name', 'Colour');
    expect((await matrices.list(filter('group_id', 'in', [colour.id]))).body.data.map((m) => m.name)).toEqual(['Festive colours']);
  });

  it('creates a matrix of one group’s values in order and changes them, in the activity log', async () => {
    const size = await groups.find('name', 'Size');
    const ids = Object.fromEntries(size.values.map((v: Required<Value>) => [v.value, v.id]));
    const made = await matrices.create({
      name: 'Kids sizes',
      group_id: String(size.id),
      value_ids: JSON.stringify([ids.XS, ids.S, ids.M]),
      description: 'Ages 4–12',
    });
    expect(made).toMatchObject({ group_name: 'Size', values_summary: 'XS, S, M', value_ids: [ids.XS, ids.S, ids.M] });
    const res = await matrices.put(made.id, {
      name: 'Kids sizes',
      group_id: String(size.id),
      value_ids: JSON.stringify([ids.S, ids.XS]),
      version: String(made.version),
    });
    expect(res.status).toBe(200);
    expect((await matrices.get(made.id)).values_summary).toBe('S, XS');
    const entries = await matrices.activity(made.id);
    expect(entries[0]!.changes.values).toEqual(['XS, S, M', 'S, XS']);
  });

  it('refuses values of another group, none, twice, and a missing group', async () => {
    const size = await groups.find('name', 'Size');
    const colour = await groups.find('name', 'Colour');
    const errorsOf = async (fields: Record<string, string>) => (await expectErrorShape(await matrices.post({ name: 'Odd set', ...fields }), 422)).errors;
    expect(await errorsOf({ group_id: String(size.id), value_ids: JSON.stringify([colour.values[0].id]) })).toEqual({
      value_ids: ['Choose values of the chosen group only.'],
    });
    expect(await errorsOf({ group_id: String(size.id), value_ids: '[]' })).toEqual({ value_ids: ['Choose at least one value.'] });
    expect(await errorsOf({ group_id: String(size.id), value_ids: JSON.stringify([size.values[0].id, size.values[0].id]) })).toEqual({
      value_ids: ['Choose each value once.'],
    });
    expect(await errorsOf({ group_id: '999999', value_ids: JSON.stringify([size.values[0].id]) })).toEqual({ group_id: ['Choose a group from the list.'] });
    expect(await errorsOf({ group_id: '99999999999', value_ids: '[1]' })).toEqual({ group_id: ['Choose the group.'] });
  });
});

describe('who may use them', () => {
  it('refuses vendors and support every call and page of both areas', async () => {
    const size = await groups.find('name', 'Size');
    const matrix = await matrices.find('name', 'Adult sizes');
    for (const who of [vendor, support]) {
      await expectAreaRefused(who, 'product-matrix-groups', size.id, [
        '/product-matrix-groups/listing',
        '/product-matrix-groups/add',
        `/product-matrix-groups/${size.id}/edit`,
      ]);
      // Matrices have no status, so no bulk status call: the rest, one by one.
      const base = '/api/product-matrices';
      for (const response of [
        await who.get(base),
        await who.get(`${base}/${matrix.id}`),
        await who.get(`${base}/export`),
        await who.post(base, { multipart: form({ name: 'Not allowed' }) }),
        await who.put(`${base}/${matrix.id}`, { multipart: form({ name: 'Not allowed', version: '1' }) }),
        await who.delete(`${base}/${matrix.id}`),
        await who.post(`${base}/bulk-delete`, { json: { ids: [matrix.id] } }),
      ])
        await expectErrorShape(response, 403);
      for (const page of ['/product-matrices/listing', '/product-matrices/add', `/product-matrices/${matrix.id}/edit`])
        expect((await who.get(page, { headers: { accept: 'text/html' } })).status, page).toBe(403);
    }
  });

  it('gives whoever edits products the active groups with values and matrices (vendors included), and refuses support', async () => {
    const colour = await groups.find('name', 'Colour');
    const made = await groups.create(groupFields({ name: 'Pattern', status: 'inactive', values: [{ value: 'Striped' }] }));
    for (const who of [admin, vendor]) {
      const { status, body } = await who.getJson<{
        data: { name: string; kind: string; values: Value[]; matrices: { name: string; value_ids: number[] }[] }[];
      }>('/api/product-matrix-groups/choices');
      expect(status).toBe(200);
      expect(body.data.map((g) => g.name)).not.toContain('Pattern');
      const c = body.data.find((g) => g.name === 'Colour')!;
      expect(c.values.map((v) => v.value)).toEqual(['Red', 'Indigo', 'White', 'Black', 'Maroon', 'Gold']);
      const byName = new Map(colour.values.map((v: Required<Value>) => [v.value, v.id]));
      expect(c.matrices).toEqual([{ id: expect.any(Number), name: 'Festive colours', value_ids: ['Maroon', 'Gold', 'Red'].map((n) => byName.get(n)) }]);
    }
    await expectErrorShape(await support.get('/api/product-matrix-groups/choices'), 403);
    expect((await groups.delete(made.id)).status).toBe(200);
  });
});
