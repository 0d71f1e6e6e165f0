/**
 * Fuzzing every JSON API route of the registry over real HTTP. Bodies, query strings, path params
 * and headers are generated from the route's schema (the OpenAPI document, built from the zod
 * schemas the server enforces) and mutated: wrong types, huge strings, unicode, NUL, nulls, extra
 * fields, deep nesting, SQL and HTML fragments. Sent as admin (vendor-only routes: as the vendor)
 * with a valid CSRF token, so the permission check passes and validation is what gets exercised.
 *
 * Properties: never a 5xx; every error is JSON in the one shape with no internals; an error
 * writes nothing (the brands count and the caller's activity log stay put; every change writes an
 * activity entry, so the log is the witness for every table). Also: markup saved as text comes
 * back escaped in server-rendered pages.
 *
 * Bounded in time: each route gets FUZZ_MIN_RUNS runs (default 10) whatever the load, then more
 * until its share of FUZZ_SECONDS (default 30 in `npm test`, shared out evenly) is used or FUZZ_RUNS (default
 * 300) runs are done; the time only changes how many runs happen, never the verdict. The long run
 * is `npm run fuzz` (600 s). A failure names the request, keeps the whole of it in
 * .tmp/fuzz-failures/, and prints the seed: replay with FUZZ_SEED=<seed>.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { useServer } from '../helpers/vitest-server.ts';
import { ROOT } from '../helpers/server.ts';
import { DEMO_CREDENTIALS, HttpClient, signedIn, type DemoAccount } from '../helpers/http.ts';
import { expectErrorShape, expectNoInternals } from '../helpers/assertions.ts';
import {
  asText,
  cursorQuery,
  encoding,
  extraHeaders,
  fromSchema,
  genericBody,
  listFilters,
  mutated,
  nastyKey,
  nastyQueryString,
  nextParam,
  outOfRangeIntegerText,
  pathParam,
  rawBody,
  type Encoding,
  type SortColumn,
  type JsonSchema,
} from '../helpers/fuzz-arbitraries.ts';
import { routes } from '../../src/app/routes/registry.ts';
import type { CompiledRoute, Method } from '../../src/lib/routes/route.ts';
import { AREAS } from '../../src/app/areas/areas.ts';
import { openApiDocument } from '../../src/app/openapi/openapi.ts';
import { MATCH_MODES } from '../../src/lib/list/list-query.ts';

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 300));
const SECONDS = Math.max(1, Number(process.env.FUZZ_SECONDS ?? 30));
const MIN_RUNS = Math.min(RUNS, Math.max(1, Number(process.env.FUZZ_MIN_RUNS ?? 10)));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const FAILURES_DIR = join(ROOT, '.tmp/fuzz-failures');

const app = useServer();

// ---------------------------------------------------------------------------------------------
// What to fuzz: every API route and method of the registry, with its schemas from OpenAPI.

interface Target {
  route: CompiledRoute;
  method: Method;
  /** The request body's JSON schema, when the route declares one. */
  body?: JsonSchema;
  /** Query parameters the route declares (list routes). */
  query?: Record<string, JsonSchema>;
  /** The area's filterable columns, for `filters`. */
  filterFields?: string[];
  /** The area's sortable columns and default sort, for `sort` with a `cursor`. */
  sortable?: SortColumn[];
  defaultSort?: string;
  /** Fields of the body that take a file. */
  fileFields: string[];
  account: DemoAccount;
}

type OpenApiOperation = {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  parameters?: { name: string; in: string; schema: JsonSchema }[];
};

const doc = openApiDocument() as { paths: Record<string, Record<string, OpenApiOperation>> };

const targets: Target[] = routes
  .filter((r) => r.kind === 'api')
  .flatMap((route) =>
    route.methods.map((method): Target => {
      const op = doc.paths[route.pattern.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      const content = op?.requestBody?.content;
      const body = content ? Object.values(content)[0]?.schema : undefined;
      const queryParams = (op?.parameters ?? []).filter((p) => p.in === 'query');
      const area = AREAS.find((a) => route.pattern === `/api/${a.key}` || route.pattern.startsWith(`/api/${a.key}/`));
      return {
        route,
        method,
        body,
        query: queryParams.length ? Object.fromEntries(queryParams.map((p) => [p.name, p.schema])) : undefined,
        filterFields: area?.columns.filter((c) => c.filterable).map((c) => c.field),
        sortable: area?.columns.filter((c) => c.sortable).map((c) => ({ field: c.field, kind: c.kind, options: c.options?.map((o) => o.value) })),
        defaultSort: area?.defaultSort?.field,
        fileFields: Object.entries(body?.properties ?? {})
          .filter(([, s]) => Object.keys(s).length === 0)
          .map(([k]) => k),
        // Vendor-only routes refuse staff before reading input: fuzz them as the vendor.
        account: route.access.kind === 'vendor' ? 'vendor' : 'admin',
      };
    }),
  );

// ---------------------------------------------------------------------------------------------
// Requests.

interface FuzzRequest {
  path: string;
  query: string;
  encoding: Encoding;
  body: unknown;
  raw: { body: Uint8Array; type: string };
  files: { field: string; bytes: Uint8Array; type: string; name: string }[];
  headers: Record<string, string>;
}

/** A 1×1 PNG: lets an upload pass the byte check now and then. */
const PNG_1X1 = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
const SVG_SCRIPT = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>');

function fileArb(fields: string[]) {
  return fc.record({
    field: fields.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: nastyKey }) : nastyKey,
    bytes: fc.oneof(fc.constant(PNG_1X1), fc.constant(SVG_SCRIPT), fc.uint8Array({ maxLength: 300 }), fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))),
    type: fc.constantFrom('image/png', 'image/jpeg', 'image/svg+xml', 'text/html', 'application/x-msdownload', ''),
    name: fc.oneof(
      fc.constantFrom('logo.png', 'a.php.png', '../../etc/passwd', 'x.svg', ''),
      nastyQueryString.filter((s) => s.length < 200),
    ),
  });
}

function queryArb(t: Target): fc.Arbitrary<string> {
  let pairs: fc.Arbitrary<[string, string][]>;
  if (t.query) {
    const model: Record<string, fc.Arbitrary<string>> = {};
    for (const [name, schema] of Object.entries(t.query)) {
      model[name] =
        name === 'filters' && t.filterFields
          ? listFilters(t.filterFields, MATCH_MODES)
          : fc.oneof(
              { weight: 2, arbitrary: fromSchema(schema).map(asText) },
              { weight: 1, arbitrary: nastyQueryString },
              { weight: 1, arbitrary: outOfRangeIntegerText },
            );
    }
    const generic = fc
      .tuple(fc.record(model, { requiredKeys: [] }), fc.array(fc.tuple(nastyKey, nastyQueryString), { maxLength: 2 }))
      .map(([known, extra]) => [...Object.entries(known).map(([k, v]): [string, string] => [k, v ?? '']), ...extra]);
    // A list that pages by cursor: forged and ordinary cursors of the same sort, one after another.
    pairs = 'cursor' in t.query ? fc.oneof({ weight: 1, arbitrary: generic }, { weight: 1, arbitrary: cursorQuery(t.sortable ?? [], t.defaultSort) }) : generic;
  } else {
    pairs = fc.array(fc.tuple(fc.oneof(fc.constantFrom('q', 'page', 'per_page', 'id', 'sort', 'filters'), nastyKey), nastyQueryString), { maxLength: 3 });
  }
  const encoded = pairs.map((list) => {
    const params = new URLSearchParams();
    for (const [k, v] of list) params.append(k.toWellFormed(), v.toWellFormed());
    return params.toString();
  });
  // Typed by hand: malformed percent-encoding, repeated keys, empty keys.
  const typed = fc.constantFrom('%ZZ', 'q=%E0%A4%A', 'page=1&page=2', '&&&=', 'q=%00', 'filters=%7B', 'per_page=10&per_page=x', 'q[]=1&q[a]=2');
  // Node's HTTP parser refuses request heads over 16 KiB (431, before the app): stay under it.
  return fc.oneof({ weight: 6, arbitrary: encoded.filter((q) => q.length <= 9_000) }, { weight: 1, arbitrary: typed });
}

function pathArb(t: Target): fc.Arbitrary<string> {
  const names = [...t.route.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!names.length) return fc.constant(t.route.pattern);
  const params = names.map((n) => pathParam(t.route.sample?.[n]).map(({ value, raw }) => (raw ? value : encodeURIComponent(value.toWellFormed()))));
  return fc.tuple(...params).map((values) => {
    let i = 0;
    return t.route.pattern.replace(/:(\w+)/g, () => values[i++]!);
  });
}

function requestArb(t: Target): fc.Arbitrary<FuzzRequest> {
  const unsafe = t.method !== 'GET';
  return fc.record({
    path: pathArb(t),
    query: fc.oneof({ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: queryArb(t) }),
    encoding: unsafe ? encoding : fc.constant<Encoding>('none'),
    body: unsafe ? (t.body ? mutated(fromSchema(t.body)) : genericBody) : fc.constant(undefined),
    raw: rawBody,
    files: fc.array(fileArb(t.fileFields), { maxLength: t.fileFields.length ? 2 : 1 }),
    headers: fc.oneof({ weight: 2, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extraHeaders }),
  });
}

function encodeBody(r: FuzzRequest): { body?: BodyInit; type?: string } {
  switch (r.encoding) {
    case 'none':
      return {};
    case 'json': {
      const text = JSON.stringify(r.body);
      return text === undefined ? {} : { body: text, type: 'application/json' };
    }
    case 'form': {
      const params = new URLSearchParams();
      const entries = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? Object.entries(r.body) : [['value', r.body] as const];
      for (const [k, v] of entries) params.append(k.toWellFormed(), asText(v).toWellFormed());
      return { body: params.toString(), type: 'application/x-www-form-urlencoded' };
    }
    case 'multipart': {
      const form = new FormData();
      const entries = r.body && typeof r.body === 'object' && !Array.isArray(r.body) ? Object.entries(r.body) : [['value', r.body] as const];
      for (const [k, v] of entries) form.append(k, asText(v));
      for (const f of r.files) form.append(f.field, new Blob([f.bytes as Uint8Array<ArrayBuffer>], { type: f.type }), f.name);
      return { body: form }; // fetch sets multipart/form-data with its boundary
    }
    case 'raw':
      return { body: r.raw.body as Uint8Array<ArrayBuffer>, type: r.raw.type };
  }
}

function describeRequest(t: Target, r: FuzzRequest): string {
  const body = r.encoding === 'raw' ? `raw ${r.raw.type}` : `${r.encoding} ${asText(r.body).slice(0, 300)}`;
  return `${t.method} ${r.path}${r.query ? `?${r.query.slice(0, 300)}` : ''} [${body}] headers=${JSON.stringify(r.headers).slice(0, 200)}`;
}

// ---------------------------------------------------------------------------------------------
// Clients, and what counts as "something was written".

const clients = new Map<DemoAccount, HttpClient>();
let observer: HttpClient;

async function client(account: DemoAccount): Promise<HttpClient> {
  let c = clients.get(account);
  if (!c) {
    c = await signedIn(() => app.server.url, account);
    clients.set(account, c);
  }
  return c;
}

interface Witness {
  brands: number;
  /** The newest entry of the fuzzing user's own activity log. */
  lastActivityId: number;
}

/**
 * Reads as the observing admin. A fuzzed "Sign out everywhere" of the admin (a success: it may end
 * one's own sessions) ends the observer's session too: it signs in again, as a person would.
 */
async function observe(path: string): Promise<{ status: number; body: any }> {
  const first = await observer.getJson(path);
  if (first.status !== 401) return first;
  observer = await signedIn(() => app.server.url, 'admin');
  return observer.getJson(path);
}

async function witness(account: DemoAccount): Promise<Witness> {
  const brands = await observe('/api/brands?per_page=10');
  expect(brands.status).toBe(200);
  const mine = await (await client(account)).getJson('/api/activity/mine');
  expect(mine.status).toBe(200);
  return { brands: brands.body.meta.total, lastActivityId: mine.body.data[0]?.id ?? 0 };
}

/** Activity written since `since`, other than the audit trail of refused attempts (wrong OTP codes). */
async function writesSince(account: DemoAccount, since: Witness): Promise<string[]> {
  const now = await witness(account);
  const out: string[] = [];
  if (now.brands !== since.brands) out.push(`brands count ${since.brands} → ${now.brands}`);
  if (now.lastActivityId !== since.lastActivityId) {
    const mine = await (await client(account)).getJson('/api/activity/mine');
    for (const e of mine.body.data as { id: number; area: string; action: string }[]) {
      if (e.id > since.lastActivityId && !e.action.endsWith('-failed')) out.push(`activity ${e.area}/${e.action} #${e.id}`);
    }
  }
  return out;
}

/**
 * Some successful calls change who the session is (sign-out, impersonation) or the sign-in email
 * (profile update). Put the fuzzing session back to the demo account so the next run is comparable.
 */
async function recover(account: DemoAccount): Promise<void> {
  let c = await client(account);
  let me = await c.getJson('/api/user');
  if (me.status === 401) {
    clients.delete(account);
    c = await client(account);
    me = await c.getJson('/api/user');
  }
  expect(me.status).toBe(200);
  if (me.body.impersonator) {
    const left = await c.post('/api/impersonate-leave');
    expect(left.status, await left.text()).toBe(200);
    me = await c.getJson('/api/user');
  }
  const email = DEMO_CREDENTIALS[account].email;
  if (me.body.email !== email) {
    const form = new FormData();
    form.append('name', 'Fuzz Restored');
    form.append('email', email);
    const restored = await c.post('/api/user', { multipart: form });
    expect(restored.status, await restored.text()).toBe(200);
  }
}

function decodesAsUri(url: string): boolean {
  try {
    // As the request goes out: fetch resolves dot segments first (`/a/%/..` is sent as `/a/`).
    const sent = new URL(url, 'http://fuzz.invalid');
    decodeURI(sent.pathname + sent.search);
    return true;
  } catch {
    return false;
  }
}

let storefrontKey: string | undefined;

/**
 * The storefront API takes a key and refuses a session (src/middleware.ts): its routes are fuzzed
 * by a client without cookies, with a key of both scopes (made once, with room for every run)
 * and a fresh Idempotency-Key per request.
 */
async function storefrontClient(): Promise<{ c: HttpClient; headers: Record<string, string> }> {
  if (!storefrontKey) {
    const made = await (
      await client('admin')
    ).post('/api/storefront-api-keys', {
      json: { name: 'Fuzz', scopes: ['read-catalogue', 'write-orders'], rate_limit_per_minute: 100_000 },
    });
    expect(made.status).toBe(201);
    storefrontKey = ((await made.json()) as { data: { secret: string } }).data.secret;
  }
  return { c: app.client(), headers: { authorization: `Bearer ${storefrontKey}`, 'idempotency-key': `fuzz-${randomUUID()}` } };
}

async function send(t: Target, r: FuzzRequest): Promise<{ status: number; text: string }> {
  const storefront = t.route.access.kind === 'storefront' ? await storefrontClient() : undefined;
  const c = storefront?.c ?? (await client(t.account));
  const { body, type } = encodeBody(r);
  const headers: Record<string, string> = { ...storefront?.headers, ...r.headers };
  if (type !== undefined && !('content-type' in headers)) headers['content-type'] = type;
  if (type === undefined && body === undefined) delete headers['content-type'];
  const response = await c.request(t.method, `${r.path}${r.query ? `?${r.query}` : ''}`, { headers, body });
  // A stream that stays open (server-sent events) is judged by its status: its body never ends.
  const streaming = t.route.stream && response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (streaming) await response.body?.cancel();
  const text = streaming ? '' : await response.text();
  const status = response.status;
  const what = `${describeRequest(t, r)} → ${status} ${text.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);
  if (!decodesAsUri(`${r.path}${r.query ? `?${r.query}` : ''}`)) {
    // The server (src/server/main.ts) refuses a URL that decodeURI() rejects before the app sees it,
    // in the one error shape.
    expect([status, text], what).toEqual([400, JSON.stringify({ message: 'The address of this request is not valid.' })]);
    return { status, text };
  }
  if (status >= 400) {
    // The one error shape, as JSON, without stack traces or paths.
    try {
      await expectErrorShape(new Response(text, { status, headers: response.headers }), status);
    } catch (e) {
      throw new Error(`${what}\n${(e as Error).message}`);
    }
  } else if ((response.headers.get('content-type') ?? '').includes('json')) {
    expectNoInternals(text);
  }
  return { status, text };
}

beforeAll(async () => {
  observer = await signedIn(() => app.server.url, 'admin');
});

/** Markup typed into a text field must come back as text in server-rendered pages. */
describe('markup stored as text is rendered as text', () => {
  const MARKUP = '<img src=x onerror=alert(1)>';
  const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';

  async function page(c: HttpClient, path: string): Promise<string> {
    const response = await c.get(path, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.status, `${path}: ${html.slice(0, 300)}`).toBe(200);
    expect(response.headers.get('content-type') ?? '').toMatch(/^text\/html/);
    // A render that failed half-way would hide the value: the page must be whole.
    expect(html, path).toMatch(/<\/html>\s*$/);
    return html;
  }

  it('a brand named with markup shows escaped in the server-rendered brand list', async () => {
    const created = await observer.post('/api/brands', { json: { name: MARKUP } });
    expect(created.status, await created.clone().text()).toBe(201);
    const html = await page(observer, `/brands/listing?q=${encodeURIComponent('onerror')}`);
    expect(html).toContain(ESCAPED);
    expect(html).not.toContain(MARKUP);
  });

  it("a user's name with markup shows escaped on the profile page and in the app shell", async () => {
    const c = await signedIn(() => app.server.url, 'support');
    const form = new FormData();
    form.append('name', MARKUP);
    form.append('email', DEMO_CREDENTIALS.support.email);
    const saved = await c.post('/api/user', { multipart: form });
    expect(saved.status, await saved.clone().text()).toBe(200);
    for (const path of ['/profile', '/dashboard']) {
      const html = await page(c, path);
      expect(html, path).toContain(ESCAPED);
      expect(html, path).not.toContain(MARKUP);
    }
  });
});

/** Where a Location or a form's `next` sends a browser of this site: a path here, or it fails. */
function expectSameOriginPath(value: string | null | undefined, what: string): void {
  const origin = new URL(app.server.url).origin;
  expect(typeof value, what).toBe('string');
  expect(value!.startsWith('/') && !value!.startsWith('//'), `${what}: ${JSON.stringify(value)}`).toBe(true);
  expect(value, what).not.toMatch(/[\u0000-\u001f\u007f-\u009f\\]/);
  expect(new URL(value!, origin).origin, `${what}: ${JSON.stringify(value)}`).toBe(origin);
}

/** Issue 20, item 9: a `next` that left the site (a tab, `//`, a backslash) or broke the header (CR/LF: a 500 after sign-in). */
describe('fuzzing the `next` of sign-in', () => {
  it('never answers 5xx; a 303 goes to a path of this site, and the form echoes only such a path', async () => {
    const { email, password } = DEMO_CREDENTIALS.support;
    const property = fc.asyncProperty(nextParam, async (next) => {
      const what = `next=${JSON.stringify(next)}`;
      const page = await app.client().get(`/auth/login?next=${encodeURIComponent(next.toWellFormed())}`);
      const html = await page.text();
      expect(page.status, `GET ${what}: ${html.slice(0, 200)}`).toBe(200);
      for (const [, echoed] of html.matchAll(/name="next" value="([^"]*)"/g)) {
        expectSameOriginPath(
          echoed!.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>'),
          `GET ${what}: the form's next`,
        );
      }
      const client = app.client();
      const response = await client.submitLogin(email, password, { next: next.toWellFormed() });
      const text = await response.text();
      expect(response.status, `POST ${what}: ${text.slice(0, 200)}`).toBeLessThan(500);
      if (response.status === 303) expectSameOriginPath(response.headers.get('location'), `POST ${what}: Location`);
    });
    const details = await fc.check(property, { numRuns: Math.min(RUNS, Math.max(MIN_RUNS, 40)), seed: SEED, endOnFailure: true });
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      throw new Error(
        `next=${JSON.stringify(details.counterexample?.[0])}\n${cause.slice(0, 1500)}\nReplay: FUZZ_SEED=${details.seed}\nServer log (end):\n${app.server.output().slice(-1500)}`,
      );
    }
  }, 180_000);
});

describe('fuzzing every API route', () => {
  it('covers every API route of the registry', () => {
    const apiRoutes = routes.filter((r) => r.kind === 'api');
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(targets.length).toBe(apiRoutes.reduce((n, r) => n + r.methods.length, 0));
    // Schemas were found for the routes that read a body.
    expect(targets.filter((t) => t.body).length).toBeGreaterThan(5);
  });

  const share = Math.max(200, Math.floor((SECONDS * 1000) / targets.length));
  const runCounts: number[] = [];
  afterAll(() => {
    const total = runCounts.reduce((a, b) => a + b, 0);
    console.log(`fuzz: ${total} requests over ${targets.length} routes (${Math.min(...runCounts)}–${Math.max(...runCounts)} each, ${share} ms per route)`);
  });

  for (const t of targets) {
    const unsafe = t.method !== 'GET';
    it(
      `${t.method} ${t.route.pattern}`,
      async () => {
        let before = unsafe ? await witness(t.account) : undefined;
        const statuses = new Map<number, number>();
        // fast-check's time limit abandons a run still waiting for its answer: keep it, so that run
        // (and its recover()) ends before the next route starts counting writes.
        let inFlight: Promise<unknown> = Promise.resolve();
        const property = fc.asyncProperty(requestArb(t), (r) => {
          const run = check(r);
          inFlight = run.catch(() => undefined);
          return run;
        });
        const check = async (r: Parameters<typeof send>[1]) => {
          const { status } = await send(t, r);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (!unsafe) return;
          if (status >= 400) {
            const written = await writesSince(t.account, before!);
            expect(written, `${describeRequest(t, r)} answered ${status} but wrote: ${written.join('; ')}`).toEqual([]);
          } else {
            // A success may have ended another account's sessions too ("Sign out everywhere" of the
            // vendor's user, run as the admin): every fuzzing session is put back, not only the caller's.
            for (const account of [...clients.keys()]) await recover(account);
            before = await witness(t.account);
          }
        };
        // Phase 1: a fixed number of runs whatever the machine's load; phase 2: more, within the share.
        const started = Date.now();
        let details = await fc.check(property, { numRuns: MIN_RUNS, seed: SEED, endOnFailure: !process.env.FUZZ_SHRINK });
        let runs = details.numRuns;
        const left = share - (Date.now() - started);
        if (!details.failed && RUNS > MIN_RUNS && left > 0) {
          details = await fc.check(property, {
            numRuns: RUNS - MIN_RUNS,
            seed: SEED === undefined ? undefined : SEED + 1,
            endOnFailure: !process.env.FUZZ_SHRINK,
            interruptAfterTimeLimit: left,
            markInterruptAsFailure: false,
          });
          // Interrupted before its first run: fast-check calls that a failure; here it only means no time was left.
          if (details.failed && details.counterexample === null && details.interrupted) details = { ...details, failed: false };
          runs += details.numRuns;
        }
        await inFlight;
        runCounts.push(runs);
        if (details.failed) {
          // fast-check's own report prints megabytes of huge strings: say what was sent, briefly.
          const r = details.counterexample?.[0];
          const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          const file = join(FAILURES_DIR, `${t.method}${t.route.pattern.replace(/[^\w]+/g, '_')}.json`);
          mkdirSync(FAILURES_DIR, { recursive: true });
          writeFileSync(
            file,
            JSON.stringify({ seed: details.seed, path: details.counterexamplePath, request: r, body: r && encodeBody(r).body?.toString() }, null, 2),
          );
          throw new Error(
            `${r ? describeRequest(t, r) : '(no counterexample)'}\n${cause.slice(0, 1500)}\nReplay: FUZZ_SEED=${details.seed} (path ${details.counterexample ? details.counterexamplePath : '-'}); the whole request is in ${file}\n` +
              `Server log (end):\n${app.server.output().slice(-1500)}`,
          );
        }
        // Something other than the guard answered: validation was reached.
        expect(
          [...statuses.keys()].some((s) => s !== 401 && s !== 403 && s !== 419),
          `statuses ${JSON.stringify([...statuses])}`,
        ).toBe(true);
      },
      // The share bounds phase 2; phase 1 may be slow on a busy machine (an export of every pincode
      // takes seconds), which must never read as a failure.
      share + MIN_RUNS * 15_000 + 60_000,
    );
  }
});
