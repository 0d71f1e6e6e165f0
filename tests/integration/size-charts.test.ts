/**
 * Product size charts over real HTTP against the built server: the demo charts and the list's
 * summaries, the grid as a form sends it (JSON text in multipart) and as an API client sends it
 * (an object), every grid rule answering 422 on the exact size, measurement or cell, the unique
 * name, and who may do what: vendors read the charts and change nothing, support sees nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

type Grid = { sizes: string[]; measurements: string[]; values: (number | null)[][] };
type Chart = {
  id: number;
  name: string;
  unit: string;
  grid: Grid;
  sizes_summary: string;
  measurements: string;
  notes: string;
  status: string;
  version: number;
};
type ListBody = { data: Chart[]; meta: { total: number } };

const qs = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

function form(fields: Record<string, unknown>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  return fd;
}

const GOOD: Grid = {
  sizes: ['S', 'M', 'L'],
  measurements: ['Chest', 'Waist'],
  values: [
    [96.5, 81],
    [101.5, null],
    [106.5, 91.5],
  ],
};

async function list(params: Record<string, unknown> = {}, client = admin): Promise<ListBody> {
  const { status, body } = await client.getJson<ListBody>(`/api/size-charts?${qs({ per_page: '100', ...params })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function create(fields: Record<string, unknown>): Promise<Chart> {
  const response = await admin.post('/api/size-charts', { multipart: form({ unit: 'cm', status: 'active', grid: GOOD, ...fields }) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as Chart;
}

/** Posts a chart with this grid and answers the 422's field errors. */
async function gridErrors(grid: unknown): Promise<Record<string, string[]>> {
  const body = await expectErrorShape(await admin.post('/api/size-charts', { multipart: form({ name: `Bad grid ${Math.random()}`, unit: 'cm', grid }) }), 422);
  return body.errors ?? {};
}

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/size-charts', () => {
  it('lists the demo charts with their sizes and measurements summed up', async () => {
    const body = await list();
    expect(body.data.map((c) => [c.name, c.unit, c.sizes_summary, c.measurements, c.status])).toEqual([
      ["Men's shirts (regular fit)", 'cm', 'S–3XL, 6 sizes', 'Chest, Waist, Length, Shoulder, Sleeve', 'active'],
      ["Women's kurtas", 'in', 'XS–XXL, 6 sizes', 'Bust, Waist, Hip, Length, Shoulder', 'active'],
    ]);
    expect(body.data[0]!.grid.values[0]).toEqual([96.5, 91.5, 72, 43, 61]);
    expect(body.data[0]!.grid.values[5]![4]).toBeNull();
  });

  it('filters and searches on the measurements', async () => {
    const filters = { measurements: { constraints: [{ matchMode: 'contains', value: 'bust' }] } };
    expect((await list({ filters })).data.map((c) => c.name)).toEqual(["Women's kurtas"]);
    expect((await list({ q: 'sleeve' })).data.map((c) => c.name)).toEqual(["Men's shirts (regular fit)"]);
    expect((await list({ filters: { unit: { constraints: [{ matchMode: 'equals', value: 'in' }] } } })).meta.total).toBe(1);
  });
});

describe('POST and PUT /api/size-charts', () => {
  it('takes the grid as JSON text from a form, or as an object from an API client', async () => {
    const fromForm = await create({
      name: 'Boys’ t-shirts',
      notes: 'Measure over a vest.',
      grid: JSON.stringify({
        ...GOOD,
        values: [
          ['96.5', ' 81 '],
          ['101.5', ''],
          [106.5, '91.5'],
        ],
      }),
    });
    expect(fromForm).toMatchObject({
      name: 'Boys’ t-shirts',
      unit: 'cm',
      sizes_summary: 'S–L, 3 sizes',
      measurements: 'Chest, Waist',
      notes: 'Measure over a vest.',
    });
    expect(fromForm.grid).toEqual(GOOD);

    const response = await admin.post('/api/size-charts', {
      json: { name: 'Girls’ frocks', unit: 'in', grid: { sizes: ['2-3Y'], measurements: ['Length'], values: [[18]] } },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await response.json()).data).toMatchObject({
      unit: 'in',
      sizes_summary: '2-3Y, 1 size',
      grid: { sizes: ['2-3Y'], measurements: ['Length'], values: [[18]] },
    });
  });

  it('saves an edited grid: sizes and measurements added, renamed and removed', async () => {
    const chart = await create({ name: 'Editable chart' });
    const grid: Grid = {
      sizes: ['Small', 'M', 'L', 'XL'],
      measurements: ['Waist', 'Hip'],
      values: [
        [81, 90],
        [null, 95],
        [91.5, 100],
        [96, 105],
      ],
    };
    const response = await admin.put(`/api/size-charts/${chart.id}`, {
      multipart: form({ name: 'Editable chart', unit: 'cm', grid, status: 'active', version: '1' }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await response.json()).data).toMatchObject({ grid, sizes_summary: 'Small–XL, 4 sizes', measurements: 'Waist, Hip', version: 2 });
  });

  it('answers 422 on the exact cell for a value below 0, above 999.9, with two decimals or not a number', async () => {
    const cells = ['-1', '1000', '999.95', '12.25', 'abc', '1e2', 'NaN', true];
    for (const cell of cells) {
      const errors = await gridErrors({
        ...GOOD,
        values: [
          [96.5, 81],
          [101.5, cell],
          [106.5, 91.5],
        ],
      });
      expect(Object.keys(errors), String(cell)).toEqual(['grid.values.1.1']);
      expect(errors['grid.values.1.1']).toEqual(['Enter a number from 0 to 999.9 with at most 1 decimal place, or leave it blank.']);
    }
    // The edges are fine, and blanks are allowed.
    const edges = await create({ name: 'Edges', grid: { sizes: ['One'], measurements: ['A', 'B', 'C', 'D'], values: [[0, 999.9, null, '.5']] } });
    expect(edges.grid.values).toEqual([[0, 999.9, null, 0.5]]);
  });

  it('wants named, different sizes and measurements, at least one of each and at most 30 × 15', async () => {
    let errors = await gridErrors({ ...GOOD, sizes: ['S', 'm', 'M'] });
    expect(errors).toEqual({ 'grid.sizes.2': ['Another size is already called "M".'] });
    errors = await gridErrors({ ...GOOD, measurements: ['Chest', ' chest '] });
    expect(errors).toEqual({ 'grid.measurements.1': ['Another measurement is already called "chest".'] });
    errors = await gridErrors({ ...GOOD, sizes: ['S', '  ', 'L'] });
    expect(errors).toEqual({ 'grid.sizes.1': ['Name each size.'] });
    errors = await gridErrors({ ...GOOD, measurements: ['Chest', 'x'.repeat(31)] });
    expect(errors['grid.measurements.1']).toEqual(['At most 30 characters.']);
    errors = await gridErrors({ sizes: [], measurements: ['Chest'], values: [] });
    expect(errors['grid.sizes']).toEqual(['Add at least one size.']);
    errors = await gridErrors({ sizes: ['S'], measurements: [], values: [[]] });
    expect(errors['grid.measurements']).toEqual(['Add at least one measurement.']);

    const sizes = Array.from({ length: 31 }, (_, i) => String(30 + i));
    errors = await gridErrors({ sizes, measurements: ['Waist'], values: sizes.map(() => [null]) });
    expect(errors['grid.sizes']).toEqual(['At most 30 sizes.']);
    const measurements = Array.from({ length: 16 }, (_, i) => `M${i}`);
    errors = await gridErrors({ sizes: ['S'], measurements, values: [measurements.map(() => 1)] });
    expect(errors['grid.measurements']).toEqual(['At most 15 measurements.']);
    const max = await create({
      name: 'Largest chart',
      grid: {
        sizes: sizes.slice(0, 30),
        measurements: measurements.slice(0, 15),
        values: sizes.slice(0, 30).map(() => measurements.slice(0, 15).map(() => 10)),
      },
    });
    expect(max.sizes_summary).toBe('30–59, 30 sizes');
  });

  it('refuses a grid whose cells do not match its sizes and measurements, or that is not a grid at all', async () => {
    let errors = await gridErrors({
      ...GOOD,
      values: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(errors['grid.values']).toEqual(['Send one row of cells per size, each with one cell per measurement.']);
    errors = await gridErrors({ ...GOOD, values: [[1, 2], [3], [5, 6]] });
    expect(errors['grid.values']).toEqual(['Send one row of cells per size, each with one cell per measurement.']);
    errors = await gridErrors('{not json');
    expect(errors.grid).toEqual(['Send the grid as { sizes, measurements, values }.']);
    errors = await gridErrors({ ...GOOD, colours: ['red'] });
    expect(errors['grid.colours']).toEqual(['This field is not allowed.']);
    const missing = await expectErrorShape(await admin.post('/api/size-charts', { multipart: form({ name: 'No grid', unit: 'cm' }) }), 422);
    expect(missing.errors?.grid).toBeDefined();
    expect((await list({ q: 'Bad grid' })).meta.total).toBe(0);
  });

  it('keeps names unique ignoring case, and checks the unit', async () => {
    let body = await expectErrorShape(await admin.post('/api/size-charts', { multipart: form({ name: "WOMEN'S KURTAS", unit: 'in', grid: GOOD }) }), 422);
    expect(body.errors?.name).toEqual(['A size chart with this name already exists.']);
    body = await expectErrorShape(await admin.post('/api/size-charts', { multipart: form({ name: 'Metres', unit: 'm', grid: GOOD }) }), 422);
    expect(body.errors?.unit).toEqual(['Choose centimetres or inches.']);
  });
});

describe('who may use size charts', () => {
  it('lets a vendor read the charts and the list page, and nothing else', async () => {
    const vendor = await app.as('vendor');
    const charts = await list({}, vendor);
    expect(charts.data.map((c) => c.name)).toContain("Women's kurtas");
    const kurtas = charts.data.find((c) => c.name === "Women's kurtas")!;
    expect((await vendor.getJson(`/api/size-charts/${kurtas.id}`)).status).toBe(200);
    expect((await vendor.get('/api/size-charts/export')).status).toBe(200);

    await expectErrorShape(await vendor.post('/api/size-charts', { multipart: form({ name: 'Vendor chart', unit: 'cm', grid: GOOD }) }), 403);
    await expectErrorShape(
      await vendor.put(`/api/size-charts/${kurtas.id}`, { multipart: form({ name: 'Renamed', unit: 'cm', grid: GOOD, version: String(kurtas.version) }) }),
      403,
    );
    await expectErrorShape(await vendor.delete(`/api/size-charts/${kurtas.id}`), 403);
    await expectErrorShape(await vendor.post('/api/size-charts/bulk-status', { json: { ids: [kurtas.id], status: 'inactive' } }), 403);
    await expectErrorShape(await vendor.post('/api/size-charts/bulk-delete', { json: { ids: [kurtas.id] } }), 403);

    const page = await vendor.get('/products/product-size-charts', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Women&#39;s kurtas');
    expect(html).not.toContain('Add size chart');
    expect(html).not.toMatch(/aria-label="Edit /);
    for (const path of ['/products/product-size-charts/add', `/products/product-size-charts/${kurtas.id}/edit`]) {
      expect((await vendor.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(403);
    }
    expect((await list({ q: 'kurtas' })).data[0]).toMatchObject({ name: "Women's kurtas", version: kurtas.version });
  });

  it('finds charts in the global search: the edit page for an editor, the list for a vendor', async () => {
    type Found = { data: { type: string; title: string; href: string; area?: string }[] };
    const kurtas = (await list({ q: 'kurtas' })).data[0]!;
    const mine = (await admin.getJson<Found>('/api/search?q=kurtas')).body.data.filter((r) => r.type === 'record');
    expect(mine).toContainEqual({
      type: 'record',
      title: "Women's kurtas",
      href: `/products/product-size-charts/${kurtas.id}/edit`,
      area: 'Product Size Charts',
    });
    const vendor = await app.as('vendor');
    const theirs = (await vendor.getJson<Found>('/api/search?q=kurtas')).body.data.filter((r) => r.type === 'record');
    expect(theirs).toEqual([
      { type: 'record', title: "Women's kurtas", href: '/products/product-size-charts?q=Women%27s+kurtas', area: 'Product Size Charts' },
    ]);
    expect((await vendor.get(theirs[0]!.href, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('refuses support everything, with 403', async () => {
    const support = await app.as('support');
    await expectErrorShape(await support.get('/api/size-charts'), 403);
    await expectErrorShape(await support.post('/api/size-charts', { multipart: form({ name: 'x', unit: 'cm', grid: GOOD }) }), 403);
    for (const path of ['/products/product-size-charts', '/products/product-size-charts/add', '/products/product-size-charts/1/edit']) {
      expect((await support.get(path, { headers: { accept: 'text/html' } })).status, path).toBe(403);
    }
  });

  it('renders the edit page with the chart for the grid editor, which the browser draws', async () => {
    const shirts = (await list({ q: "Men's shirts" })).data[0]!;
    const html = await (await admin.get(`/products/product-size-charts/${shirts.id}/edit`, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('Loading the sizes and measurements editor…');
    expect(html).toContain('&quot;Shoulder&quot;');
    expect(html).toContain('&quot;3XL&quot;');
    expect(html).toContain('96.5');
    expect((await admin.get('/products/product-size-charts/999999/edit', { headers: { accept: 'text/html' } })).status).toBe(404);
  });
});
