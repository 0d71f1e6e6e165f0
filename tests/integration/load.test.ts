/**
 * Sustained load: 10 clients for LOAD_SECONDS (default 20) against the built server, each with its
 * own session signed in through the real form and the browser's CSRF flow (XSRF-TOKEN cookie →
 * X-XSRF-TOKEN header), mixing lists with filters, reads, creates, updates with `version` and
 * deletes. Several clients edit the same brands, so some saves answer 409: the only error allowed.
 *
 * Pass: no other error answer (no 5xx, no 4xx but the 409s); every error answer, the 409s included,
 * in the one error shape (JSON `{ message, errors? }`); the activity log holds exactly one `brands`
 * entry per acknowledged write, and the brands left are the ones created and not deleted.
 * No latency or memory is asserted (no run could break a bound loose enough for every machine);
 * the figures are printed.
 *
 * Bounded in `npm test` (LOAD_SECONDS, default 10); the long run: `npm run load` (60 s).
 */
import { describe, expect, inject, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { startServer } from '../helpers/server.ts';
import { signedIn, type HttpClient } from '../helpers/http.ts';

const SECONDS = Math.max(1, Number(process.env.LOAD_SECONDS ?? 10));
const CLIENTS = 10;
const SHARED = 3;
const PREFIX = 'load-';

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024);
}

/** The one error shape (src/lib/http/errors.ts): JSON with a message, and field errors if any, nothing else. */
function inErrorShape(contentType: string, body: unknown): boolean {
  if (!contentType.startsWith('application/json') || typeof body !== 'object' || body === null) return false;
  const { message, errors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message.length === 0 || Object.keys(rest).length > 0) return false;
  return (
    errors === undefined ||
    (typeof errors === 'object' && errors !== null && Object.values(errors).every((m) => Array.isArray(m) && m.every((x) => typeof x === 'string')))
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
}

interface Owned {
  id: number;
  name: string;
  version: number;
}

describe('load with concurrent editors', () => {
  it(
    `${CLIENTS} clients for ${SECONDS} s: only expected 409s, each in the one error shape, one activity entry per write`,
    async () => {
      const server = await startServer({ template: inject('boPgliteTemplate') });
      try {
        // One after another: each sign-in takes its slot in the account's counter before its password
        // is checked (decision 018), so more than LOGIN_MAX_ATTEMPTS_PER_ACCOUNT at once are refused.
        const clients: HttpClient[] = [];
        for (let i = 0; i < CLIENTS; i++) clients.push(await signedIn(() => server.url, 'admin'));
        const shared: number[] = [];
        for (let i = 0; i < SHARED; i++) {
          const response = await clients[0]!.post('/api/brands', { json: { name: `${PREFIX}shared-${i}` } });
          const body = await response.json();
          expect(response.status, JSON.stringify(body)).toBe(201);
          shared.push(body.data.id);
        }
        const mine = await clients[0]!.getJson('/api/activity/mine');
        const activityMark: number = mine.body.data[0].id;
        const rssStart = rssMb(server.pid!);

        const counts = { requests: 0, writes: 0, creates: 0, updates: 0, deletes: 0, conflicts: 0, lists: 0, reads: 0 };
        const errors: string[] = [];
        const latencies: number[] = [];
        const deadline = Date.now() + SECONDS * 1000;

        const timed = async (c: HttpClient, method: string, path: string, json?: unknown) => {
          const started = performance.now();
          const response = await c.request(method, path, { json });
          const text = await response.text();
          latencies.push(performance.now() - started);
          counts.requests++;
          const type = response.headers.get('content-type') ?? '';
          const body = type.startsWith('application/json') && text ? JSON.parse(text) : text;
          if (response.status >= 400 && !inErrorShape(type, body)) misshapen(`${method} ${path}`, response.status, text);
          return { status: response.status, body };
        };
        const unexpected = (what: string, status: number, body: unknown) => {
          if (errors.length < 20) errors.push(`${what} → ${status} ${JSON.stringify(body).slice(0, 200)}`);
        };
        const shapeErrors: string[] = [];
        const misshapen = (what: string, status: number, text: string) => {
          if (shapeErrors.length < 20) shapeErrors.push(`${what} → ${status} ${text.slice(0, 200)}`);
        };

        const worker = async (index: number) => {
          const c = clients[index]!;
          const own: Owned[] = [];
          let seq = 0;
          while (Date.now() < deadline) {
            const roll = Math.random();
            if (roll < 0.3) {
              const filters = [
                {},
                { status: { operator: 'and', constraints: [{ value: 'active', matchMode: 'equals' }] } },
                {
                  name: {
                    operator: 'or',
                    constraints: [
                      { value: PREFIX, matchMode: 'startsWith' },
                      { value: 'shared', matchMode: 'contains' },
                    ],
                  },
                },
                { products_count: { operator: 'and', constraints: [{ value: 0, matchMode: 'gte' }] } },
              ][Math.floor(Math.random() * 4)];
              const query = new URLSearchParams({
                page: String(1 + Math.floor(Math.random() * 3)),
                per_page: String([10, 25, 50][Math.floor(Math.random() * 3)]),
                sort: ['name', 'created_at', 'products_count', 'status'][Math.floor(Math.random() * 4)]!,
                order: Math.random() < 0.5 ? 'asc' : 'desc',
                filters: JSON.stringify(filters),
                ...(Math.random() < 0.3 ? { q: 'load' } : {}),
              });
              const { status, body } = await timed(c, 'GET', `/api/brands?${query}`);
              counts.lists++;
              if (status !== 200) unexpected(`list ${query}`, status, body);
            } else if (roll < 0.45) {
              const id = own.length && Math.random() < 0.5 ? own[Math.floor(Math.random() * own.length)]!.id : shared[Math.floor(Math.random() * SHARED)]!;
              const { status, body } = await timed(c, 'GET', `/api/brands/${id}`);
              counts.reads++;
              if (status !== 200) unexpected(`get #${id}`, status, body);
            } else if (roll < 0.6 || own.length === 0) {
              const name = `${PREFIX}${index}-${++seq}`;
              const { status, body } = await timed(c, 'POST', '/api/brands', { name, status: Math.random() < 0.5 ? 'active' : 'inactive' });
              if (status === 201) {
                own.push({ id: body.data.id, name, version: body.data.version });
                counts.creates++;
                counts.writes++;
              } else unexpected(`create ${name}`, status, body);
            } else if (roll < 0.85) {
              // A shared brand, as a person would: open the form (read its version), then save.
              const id = shared[Math.floor(Math.random() * SHARED)]!;
              const form = await timed(c, 'GET', `/api/brands/${id}`);
              if (form.status !== 200) {
                unexpected(`open #${id}`, form.status, form.body);
                continue;
              }
              const { version, name } = form.body.data as { version: number; name: string };
              const next = `${name.split('~')[0]}~${index}-${++seq}`;
              const { status, body } = await timed(c, 'PUT', `/api/brands/${id}`, { name: next, version });
              if (status === 200) {
                counts.updates++;
                counts.writes++;
              } else if (status === 409) counts.conflicts++;
              else unexpected(`update shared #${id} v${version}`, status, body);
            } else if (roll < 0.95) {
              const b = own[Math.floor(Math.random() * own.length)]!;
              const name = `${b.name.split('~')[0]}~${b.version + 1}`;
              const { status, body } = await timed(c, 'PUT', `/api/brands/${b.id}`, { name, version: b.version, description: 'edited under load' });
              if (status === 200) {
                b.version = body.data.version;
                b.name = name;
                counts.updates++;
                counts.writes++;
              } else unexpected(`update own #${b.id} v${b.version}`, status, body);
            } else {
              const b = own.splice(Math.floor(Math.random() * own.length), 1)[0]!;
              const { status, body } = await timed(c, 'DELETE', `/api/brands/${b.id}`);
              if (status === 200) {
                counts.deletes++;
                counts.writes++;
              } else unexpected(`delete #${b.id}`, status, body);
            }
          }
        };

        const started = performance.now();
        await Promise.all(clients.map((_, i) => worker(i)));
        const elapsed = (performance.now() - started) / 1000;
        const rssEnd = rssMb(server.pid!);

        const db = await server.withDatabase(async (query) => {
          const [logged] = await query(`select count(*)::int as n from activity_logs where area = 'brands' and id > $1`, [activityMark]);
          const [brands] = await query(`select count(*)::int as n from brands where name like '${PREFIX}%'`);
          return { logged: Number(logged!.n), brands: Number(brands!.n) };
        });

        latencies.sort((a, b) => a - b);
        console.log(
          `load (${server.driver}): ${counts.requests} requests in ${elapsed.toFixed(1)} s (${Math.round(counts.requests / elapsed)}/s); ` +
            `${counts.lists} lists, ${counts.reads} reads, ${counts.creates} creates, ${counts.updates} updates, ${counts.deletes} deletes, ${counts.conflicts} × 409; ` +
            `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${percentile(latencies, 100).toFixed(0)} ms; ` +
            `RSS ${rssStart} MB → ${rssEnd} MB; activity entries ${db.logged} for ${counts.writes} acknowledged writes`,
        );

        expect(errors, 'answers other than the expected 409s').toEqual([]);
        expect(shapeErrors, 'error answers outside the one error shape').toEqual([]);
        expect(counts.writes).toBeGreaterThan(0);
        expect(db.logged, 'activity log entries of area brands = acknowledged writes').toBe(counts.writes);
        expect(db.brands).toBe(SHARED + counts.creates - counts.deletes);
      } finally {
        await server.dispose();
      }
    },
    SECONDS * 1000 + 180_000,
  );
});
