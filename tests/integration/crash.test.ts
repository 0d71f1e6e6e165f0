/**
 * Crash durability: the built server is killed with SIGKILL at random moments while a few clients
 * create and update brands, then started again on the same data (PGlite folder / PostgreSQL
 * database). Every write that was acknowledged (2xx received) must still be there after each
 * restart, and no change may be half-applied: each brand has exactly one `create` entry in the
 * activity log and one `update` entry per version step, and no entry points at a missing brand.
 *
 * CRASH_KILLS sets the number of kills: 3 in `npm test`; the long run is `npm run crash` (25).
 */
import { describe, expect, inject, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/http.ts';
import { call, killWhileWriting, Lost, type Go } from '../helpers/crash.ts';

const KILLS = Math.max(1, Number(process.env.CRASH_KILLS ?? 3));
const CLIENTS = 3;
const PREFIX = 'crash-';

interface Known {
  name: string;
  version: number;
}

describe('kill -9 during writes', () => {
  it(
    `loses no acknowledged write and leaves nothing half-applied (${KILLS} kills)`,
    async () => {
      const server: TestServer = await startServer({ template: inject('boPgliteTemplate') });
      try {
        const clients = await Promise.all(Array.from({ length: CLIENTS }, () => signedIn(() => server.url, 'admin')));
        /** Brand id → the newest state a 2xx answer (or a read) showed: it must survive any crash. */
        const acknowledged = new Map<number, Known>();
        const owner = new Map<number, number>();
        /** Brands whose last update got no answer: re-read before writing again. */
        const uncertain = new Set<number>();
        let acks = 0;
        let seq = 0;
        let unanswered = 0;

        const worker = async (index: number, go: Go) => {
          const c = clients[index]!;
          while (await go()) {
            const mine = [...owner].filter(([, o]) => o === index).map(([id]) => id);
            try {
              if (mine.length < 3 || Math.random() < 0.4) {
                const name = `${PREFIX}${index}-${++seq}`;
                const { status, body } = await call(c, 'POST', '/api/brands', { name, description: `written by client ${index}` });
                expect(status, JSON.stringify(body)).toBe(201);
                acknowledged.set(body.data.id, { name, version: body.data.version });
                owner.set(body.data.id, index);
                acks++;
              } else {
                const id = mine[Math.floor(Math.random() * mine.length)]!;
                if (uncertain.has(id)) {
                  const { status, body } = await call(c, 'GET', `/api/brands/${id}`);
                  expect(status, JSON.stringify(body)).toBe(200);
                  acknowledged.set(id, { name: body.data.name, version: body.data.version });
                  uncertain.delete(id);
                }
                const known = acknowledged.get(id)!;
                const name = `${known.name.split('~')[0]}~${known.version + 1}`;
                try {
                  const { status, body } = await call(c, 'PUT', `/api/brands/${id}`, { name, version: known.version });
                  expect(status, JSON.stringify(body)).toBe(200);
                  expect(body.data.version).toBe(known.version + 1);
                  acknowledged.set(id, { name, version: body.data.version });
                  acks++;
                } catch (e) {
                  if (e instanceof Lost) uncertain.add(id);
                  throw e;
                }
              }
            } catch (e) {
              if (!(e instanceof Lost)) throw e;
              unanswered++;
            }
          }
        };

        /** Every acknowledged write is there, through the API of the restarted server. */
        const verify = async (round: number) => {
          const c = clients[0]!;
          const seen = new Map<number, Known>();
          for (let page = 1; ; page++) {
            const { status, body } = await call(c, 'GET', `/api/brands?per_page=100&page=${page}&q=${PREFIX}&sort=created_at&order=asc`);
            expect(status, JSON.stringify(body)).toBe(200);
            for (const b of body.data) seen.set(b.id, { name: b.name, version: b.version });
            if (body.data.length < 100) break;
          }
          for (const [id, known] of acknowledged) {
            const found = seen.get(id);
            expect(found, `round ${round}: acknowledged brand #${id} (${known.name} v${known.version}) is missing`).toBeDefined();
            // Only its owner writes a brand, so a newer version can only be a write whose answer was lost.
            expect(found!.version, `round ${round}: brand #${id} went back from v${known.version}`).toBeGreaterThanOrEqual(known.version);
            if (found!.version === known.version) expect(found!.name, `round ${round}: brand #${id} v${known.version}`).toBe(known.name);
          }
        };

        await killWhileWriting({
          server,
          kills: KILLS,
          workers: clients.map((_, i) => (go: Go) => worker(i, go)),
          acks: () => acks,
          restart: async (round) => {
            await server.start(); // same data folder / database
            await verify(round);
          },
        });
        expect(acks).toBeGreaterThanOrEqual(KILLS * 5);

        // One last kill, then the database itself: opened directly after the crash (PGlite does its
        // recovery here), every change is whole.
        process.kill(server.pid!, 'SIGKILL');
        await server.stop();
        const rows = await server.withDatabase(
          async (query) => {
            const brands = await query(
              `select b.id, b.name, b.version,
               (select count(*) from activity_logs a where a.area = 'brands' and a.record_id = b.id::text and a.action = 'create')::int as creates,
               (select count(*) from activity_logs a where a.area = 'brands' and a.record_id = b.id::text and a.action = 'update')::int as updates
             from brands b where b.name like '${PREFIX}%'`,
            );
            const orphans = await query(
              `select a.id, a.action, a.record_id from activity_logs a
             where a.area = 'brands' and a.action in ('create', 'update') and not exists (select 1 from brands b where b.id::text = a.record_id)`,
            );
            return { brands, orphans };
            // The test ends here: no need to start the server again.
          },
          { restart: false },
        );
        expect(rows.brands.length).toBeGreaterThanOrEqual(acknowledged.size);
        for (const b of rows.brands) {
          expect({ id: b.id, creates: b.creates, updates: b.updates }, `brand ${b.name}`).toEqual({ id: b.id, creates: 1, updates: Number(b.version) - 1 });
        }
        expect(rows.orphans).toEqual([]);
        for (const [id, known] of acknowledged) {
          const row = rows.brands.find((b) => Number(b.id) === id);
          expect(row, `acknowledged brand #${id}`).toBeDefined();
          expect(Number(row!.version)).toBeGreaterThanOrEqual(known.version);
        }
        console.log(
          `crash (${server.driver}): ${KILLS + 1} kills, ${acks} acknowledged writes, ${unanswered} unanswered, ${rows.brands.length} brands checked against the activity log`,
        );
      } finally {
        await server.dispose();
      }
    },
    // Generous: a busy machine makes each restart (crash recovery included) slow, never wrong.
    KILLS * 90_000 + 120_000,
  );
});
