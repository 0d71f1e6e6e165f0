/**
 * FAQs over real HTTP against the built server: the demo list, answers rendered from Markdown
 * with script, event handlers and javascript: links coming back inert (in the API, the preview
 * call and the server-rendered list), the preview's permission and CSRF, validation and the
 * per-audience uniqueness of questions, the order within an audience, and who may use the area.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';
import { expectErrorShape } from '../helpers/assertions.ts';

const app = useServer();
let admin: HttpClient;

type Faq = { id: number; question: string; answer: string; answer_html: string; audience: string; sort_order: number; status: string; version: number };
type ListBody = { data: Faq[]; meta: { total: number } };

const qs = (params: Record<string, unknown>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
const audience = (value: string) => ({ audience: { constraints: [{ matchMode: 'equals', value }] } });

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

async function list(params: Record<string, unknown> = {}): Promise<ListBody> {
  const { status, body } = await admin.getJson<ListBody>(`/api/faqs?${qs({ per_page: '100', ...params })}`);
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function create(fields: Record<string, string>): Promise<Faq> {
  const response = await admin.post('/api/faqs', { multipart: form({ audience: 'customer', status: 'active', ...fields }) });
  const text = await response.text();
  expect(response.status, text).toBe(201);
  return JSON.parse(text).data as Faq;
}

async function preview(text: unknown, client = admin) {
  return client.post('/api/faqs/markdown-preview', { json: { text } });
}

/** What must never come back from rendering hostile Markdown. */
function expectInert(html: string) {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<img/i);
  expect(html).not.toMatch(/<[^>]+\son\w+=/i); // no event-handler attribute on any element
  expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
}

const HOSTILE = [
  'Before <script>alert(document.cookie)</script> after',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java\tscript:alert(1))',
  '<a href="javascript:alert(1)">click</a>',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![pic](https://example.com/x.png" onerror="alert(1))',
  '<javascript:alert(1)>',
  '[x](vbscript:msgbox(1))',
].join('\n\n');

beforeAll(async () => {
  admin = await app.as('admin');
});

describe('GET /api/faqs', () => {
  it('lists the demo FAQs by order, each audience numbered on its own, with the answers rendered', async () => {
    const customers = await list({ filters: audience('customer') });
    expect(customers.data.map((f) => [f.sort_order, f.question])).toEqual([
      [1, 'How do I return a product?'],
      [2, 'Is Cash on Delivery available?'],
      [3, 'When will my order arrive?'],
      [4, 'How do I contact support?'],
    ]);
    expect((await list({ filters: audience('vendor') })).meta.total).toBe(3);
    const returns = customers.data[0]!;
    expect(returns.answer).toContain('**My Orders**');
    expect(returns.answer_html).toContain('<strong>My Orders</strong>');
    expect(returns.answer_html).toContain('<a href="/help/returns">return policy</a>');
    expect(returns.answer_html).toMatch(/<ul>\s*<li>Keep the tags/);
    expect(customers.data[3]!.answer_html).toContain('<a href="mailto:support@example.com">');
  });

  it('searches questions and answers', async () => {
    expect((await list({ q: 'GSTIN' })).data.map((f) => f.question)).toEqual(['Do I need a GSTIN to sell?']);
    expect((await list({ q: 'UPI' })).data.map((f) => f.question)).toEqual(['Is Cash on Delivery available?']);
  });
});

describe('Markdown safety', () => {
  it('stores the answer as typed and renders <script>, <img onerror> and javascript: links inert', async () => {
    const faq = await create({ question: 'Is this answer safe?', answer: HOSTILE });
    expect(faq.answer).toBe(HOSTILE);
    expectInert(faq.answer_html);
    // Shown as text, not dropped: the editor sees what was typed.
    expect(faq.answer_html).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
    expect(faq.answer_html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(faq.answer_html).toContain('[x](javascript:alert(1))');
    expect(faq.answer_html).not.toContain('<a href="java');

    // The same through the list and the one-record read.
    expectInert((await admin.getJson(`/api/faqs/${faq.id}`)).body.data.answer_html);
    expectInert((await list({ q: 'Is this answer safe' })).data[0]!.answer_html);

    // And in the server-rendered list page, whose island carries the HTML.
    const page = await (await admin.get(`/faqs/listing?${qs({ q: 'Is this answer safe' })}`, { headers: { accept: 'text/html' } })).text();
    expect(page).toContain('Is this answer safe?');
    expect(page).not.toMatch(/<script>alert\(document\.cookie\)/);
    expect(page).not.toMatch(/<img src=x onerror/);
    expect(page).not.toMatch(/href="javascript:/i);
  });

  it('keeps http(s), mailto and relative links and refuses every other scheme', async () => {
    const response = await preview(
      '[a](https://example.com/a) [b](http://example.com/b) [c](mailto:help@example.com) [d](/help/returns) [e](#cod) [f](ftp://example.com/f) [g](file:///etc/passwd) [h](tel:+919876543210)',
    );
    expect(response.status).toBe(200);
    const { html } = (await response.json()).data as { html: string };
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['https://example.com/a', 'http://example.com/b', 'mailto:help@example.com', '/help/returns', '#cod']);
    expect(html).toContain('[f](ftp://example.com/f)');
  });
});

describe('POST /api/faqs/markdown-preview', () => {
  it('renders what is typed exactly as the FAQ will show it', async () => {
    const response = await preview('**Bold** and a [link](/help)\n\n- one\n- two');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: { html: '<p><strong>Bold</strong> and a <a href="/help">link</a></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n' },
    });
    const hostile = await preview(HOSTILE);
    expectInert(((await hostile.json()).data as { html: string }).html);
  });

  it('answers 422 for a missing or too long text, 419 without the CSRF token, 403 without faqs:list', async () => {
    expect((await expectErrorShape(await admin.post('/api/faqs/markdown-preview', { json: {} }), 422)).errors?.text).toBeDefined();
    await expectErrorShape(await preview(42), 422);
    await expectErrorShape(await preview('x'.repeat(20_001)), 422);
    await expectErrorShape(await admin.post('/api/faqs/markdown-preview', { json: { text: 'hi' }, csrf: false }), 419);
    for (const account of ['support', 'vendor'] as const) await expectErrorShape(await preview('hi', await app.as(account)), 403);
    // Only areas with a Markdown field have a preview.
    await expectErrorShape(await admin.post('/api/brands/markdown-preview', { json: { text: 'hi' } }), 405);
  });
});

describe('POST and PUT /api/faqs', () => {
  it('answers 422 beside the field', async () => {
    const refuse = async (fields: Record<string, string>) =>
      expectErrorShape(await admin.post('/api/faqs', { multipart: form({ audience: 'customer', ...fields }) }), 422);
    expect((await refuse({ question: '', answer: 'x' })).errors?.question).toEqual(['Enter the question.']);
    expect((await refuse({ question: 'No answer?', answer: '   ' })).errors?.answer).toEqual(['Write the answer.']);
    expect((await refuse({ question: 'Long?', answer: 'x'.repeat(10_001) })).errors?.answer).toEqual(['At most 10000 characters.']);
    expect((await refuse({ question: 'Who?', answer: 'x', audience: 'staff' })).errors?.audience).toEqual(['Choose Customers or Vendors.']);
    expect((await refuse({ question: 'Order?', answer: 'x', sort_order: 'first' })).errors?.sort_order?.[0]).toMatch(/whole number/);
  });

  it('keeps questions unique per audience, ignoring case', async () => {
    const body = await expectErrorShape(
      await admin.post('/api/faqs', { multipart: form({ question: 'how do I RETURN a product?', answer: 'Again', audience: 'customer' }) }),
      422,
    );
    expect(body.errors?.question).toEqual(['This question is already in the FAQs for this audience.']);
    const forVendors = await create({ question: 'How do I return a product?', answer: 'Vendors: accept or reject returns in **Orders**.', audience: 'vendor' });
    expect(forVendors).toMatchObject({ audience: 'vendor' });
    // Moving it to customers meets the customers' question.
    const moved = await expectErrorShape(
      await admin.put(`/api/faqs/${forVendors.id}`, {
        multipart: form({ question: 'How do I return a product?', answer: 'x', audience: 'customer', version: '1' }),
      }),
      422,
    );
    expect(moved.errors?.question).toEqual(['This question is already in the FAQs for this audience.']);
  });

  it('adds a FAQ without an order at the end of its audience, and keeps its place when an edit leaves it blank', async () => {
    const lastVendor = Math.max(...(await list({ filters: audience('vendor') })).data.map((f) => f.sort_order));
    const faq = await create({ question: 'Can I sell on other marketplaces too?', answer: 'Yes.', audience: 'vendor' });
    expect(faq.sort_order).toBe(lastVendor + 1);
    const saved = await admin.put(`/api/faqs/${faq.id}`, {
      multipart: form({ question: 'Can I sell elsewhere too?', answer: 'Yes, of course.', audience: 'vendor', sort_order: '', version: '1' }),
    });
    expect((await saved.json()).data).toMatchObject({ question: 'Can I sell elsewhere too?', sort_order: lastVendor + 1, version: 2 });
  });

  it('reorders one audience’s FAQs without touching the other’s', async () => {
    const customers = await list({ filters: audience('customer') });
    const vendorsBefore = (await list({ filters: audience('vendor') })).data.map((f) => [f.id, f.sort_order]);
    const ids = customers.data.map((f) => f.id).reverse();
    const response = await admin.post('/api/faqs/reorder', { json: { ids, filters: audience('customer') } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect((await list({ filters: audience('customer') })).data.map((f) => f.id)).toEqual(ids);
    expect((await list({ filters: audience('vendor') })).data.map((f) => [f.id, f.sort_order])).toEqual(vendorsBefore);
  });
});

describe('who may use FAQs', () => {
  for (const account of ['vendor', 'support'] as const) {
    it(`refuses ${account} with 403, on the API and the pages`, async () => {
      const client = await app.as(account);
      const [first] = (await list()).data;
      await expectErrorShape(await client.get('/api/faqs'), 403);
      await expectErrorShape(await client.post('/api/faqs', { multipart: form({ question: 'x', answer: 'y' }) }), 403);
      await expectErrorShape(await client.put(`/api/faqs/${first!.id}`, { multipart: form({ question: 'x', answer: 'y', version: '1' }) }), 403);
      await expectErrorShape(await client.post('/api/faqs/reorder', { json: { ids: [first!.id] } }), 403);
      for (const page of ['/faqs/listing', '/faqs/add', `/faqs/${first!.id}/edit`]) {
        expect((await client.get(page, { headers: { accept: 'text/html' } })).status, page).toBe(403);
      }
    });
  }
});
