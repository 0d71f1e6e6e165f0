/**
 * Crash durability of orders (issue 17 §7): the built server is killed with SIGKILL at random moments
 * while a storefront places orders (COD and prepaid, one or two vendors, paid through the signed
 * webhook) and a vendor confirms, packs, ships or cancels their parcels through the back-office API.
 * After each kill the database is read directly (PGlite recovers here) before the server starts
 * again, and:
 *
 * - nothing is half-written, over every order in the database: no order without sub-orders, no
 *   sub-order without lines or without its `place` entry, each sub-order's status is its timeline's
 *   last state, a prepaid order has its payment row, a shipped parcel its tax invoice, and each stock
 *   level's reserved units are the sum of the open parcels' lines there (on hand and reserved also
 *   equal the sums of the level's movements);
 * - every acknowledged write is there: each order answered 201 (sub-orders, lines, payment), each
 *   capture answered 200, each move answered 200 (its timeline entry, and the parcel no further back).
 *
 * A write that got no answer is settled after the restart the way a client would: an order is placed
 * again with the same Idempotency-Key (it answers the order if it exists, or places it now), a
 * capture is sent again with the same event id, a parcel is read again.
 *
 * CRASH_KILLS sets the number of kills (3 in `npm test`).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { signedIn } from '../helpers/http.ts';
import { answered, call, killWhileWriting, Lost, type Go } from '../helpers/crash.ts';
import { filter, query, type ApiRecord } from '../helpers/area-api.ts';
import { saveWebhookSecret, TEST_WEBHOOK_SECRET } from '../helpers/payments.ts';
import { orderRequest, randomCustomer, storefront, type OrderRequest } from '../../scripts/storefront-client.ts';

const KILLS = Math.max(1, Number(process.env.CRASH_KILLS ?? 3));
/** Demo Fashion House's (the `vendor` account moves them) and Kaveri Handlooms'. */
const DFH = ['DFH-SHI-002', 'DFH-KUR-001'];
const KVH = ['KVH-SAR-001', 'KVH-TOW-002'];
const OPEN = ['placed', 'on_hold', 'confirmed', 'packed'];

interface Placed {
  number: string;
  method: 'cod' | 'prepaid';
  total: number;
  subOrders: number;
  lines: number;
}

interface Parcel {
  orderId: number;
  subId: number;
  status: string;
  version: number;
}

type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

describe('kill -9 during order placements and moves', () => {
  it(
    `keeps every acknowledged order and move whole, and nothing half-written (${KILLS} kills)`,
    async () => {
      const server: TestServer = await startServer({ template: inject('boPgliteTemplate') });
      try {
        const admin = await signedIn(() => server.url, 'admin');
        const vendor = await signedIn(() => server.url, 'vendor');
        const created = await call(admin, 'POST', '/api/storefront-api-keys', {
          name: 'Crash shop',
          scopes: ['read-catalogue', 'write-orders'],
          rate_limit_per_minute: 100000,
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        await saveWebhookSecret(admin);
        const shop = storefront({ baseUrl: () => server.url, key: created.body.data.secret, webhookSecret: TEST_WEBHOOK_SECRET });
        // Plenty of stock: every placement is expected to succeed.
        for (const sku of [...DFH, ...KVH]) {
          const { body } = await call(admin, 'GET', `/api/inventories?${query({ per_page: 10, ...filter('sku', 'equals', sku) })}`);
          for (const lvl of body.data as ApiRecord[]) {
            const r = await call(admin, 'POST', `/api/inventories/${lvl.id}/adjustments`, {
              version: lvl.version,
              reason: 'received',
              delta: 5000,
              note: 'crash test',
            });
            expect(r.status, JSON.stringify(r.body)).toBe(201);
          }
        }
        const partners = await call(admin, 'GET', `/api/delivery-partners?${query({ per_page: 10, ...filter('name', 'equals', 'Swift Express') })}`);
        const swift = (partners.body.data as ApiRecord[])[0]!.id as number;

        /** Orders answered 201 (or settled after a restart), by number. */
        const orders = new Map<string, Placed>();
        /** Placements without an answer: settled after the restart with the same Idempotency-Key. */
        const unsettled = new Map<string, OrderRequest>();
        /** Prepaid orders whose capture was answered 200; and those still to capture (or to send again). */
        const captured = new Set<string>();
        const toCapture = new Set<string>();
        /** The vendor's parcels, as the last answer showed them; those whose last move got no answer. */
        const parcels = new Map<string, Parcel>();
        const uncertain = new Set<string>();
        /** Moves answered 200: the sub-order, the action and the state reached. */
        const moves: { subId: number; action: string; to: string }[] = [];
        let acks = 0;
        let unanswered = 0;

        const place = async (request: OrderRequest, key: string) => {
          const r = await answered(
            () =>
              fetch(new URL('/api/storefront/v1/orders', server.url), {
                method: 'POST',
                headers: { authorization: `Bearer ${created.body.data.secret}`, 'content-type': 'application/json', 'idempotency-key': key },
                body: JSON.stringify(request),
              }),
            `place ${key}`,
          );
          expect([200, 201], JSON.stringify(r.body)).toContain(r.status);
          const number = r.body.data.number as string;
          const vendors = new Set(request.lines.map((l) => l.sku.slice(0, 3))).size;
          orders.set(number, { number, method: request.payment_method, total: r.body.data.total_paise, subOrders: vendors, lines: request.lines.length });
          unsettled.delete(key);
          if (request.payment_method === 'prepaid') toCapture.add(number);
          acks++;
        };

        const capture = async (number: string) => {
          const status = await shop
            .pay(number, orders.get(number)!.total, { paymentId: `pay_crash${number.replace(/\W/g, '')}`, eventId: `evt_crash_${number}` })
            .catch(() => {
              throw new Lost(`capture ${number}: no answer`);
            });
          expect(status).toBe(200);
          captured.add(number);
          toCapture.delete(number);
          acks++;
        };

        const storefrontWorker = async (go: Go) => {
          while (await go()) {
            const lines = [{ sku: pick(DFH), quantity: 1 + Math.floor(Math.random() * 2) }];
            if (Math.random() < 0.5) lines.push({ sku: pick(KVH), quantity: 1 });
            const request = orderRequest(randomCustomer(), lines, Math.random() < 0.5 ? 'cod' : 'prepaid');
            const key = randomUUID();
            unsettled.set(key, request);
            try {
              await place(request, key);
              for (const number of [...toCapture]) await capture(number);
            } catch (e) {
              if (!(e instanceof Lost)) throw e;
              unanswered++;
            }
          }
        };

        /** The vendor's parcel of an order, read through the vendor's own list. */
        const readParcel = async (number: string): Promise<Parcel> => {
          const { status, body } = await call(vendor, 'GET', `/api/orders?${query({ q: number, per_page: 10 })}`);
          expect(status, JSON.stringify(body)).toBe(200);
          const row = (body.data as ApiRecord[]).find((r) => String(r.number).startsWith(`${number}-`))!;
          return { orderId: row.order_id as number, subId: row.id as number, status: row.status as string, version: row.version as number };
        };

        const NEXT: Record<string, string> = { placed: 'confirm', confirmed: 'pack', packed: 'ship' };
        const vendorWorker = async (go: Go) => {
          while (await go()) {
            // A parcel still open, of an order the storefront has (prepaid: paid, or it can't be confirmed).
            const ready = [...orders.values()].filter(
              (o) => !uncertain.has(o.number) && (o.method === 'cod' || captured.has(o.number)) && OPEN.includes(parcels.get(o.number)?.status ?? 'placed'),
            );
            if (!ready.length) {
              await new Promise((r) => setTimeout(r, 20)); // a poll's pace: nothing to move yet
              continue;
            }
            const { number } = pick(ready);
            try {
              const parcel = parcels.get(number) ?? (await readParcel(number));
              parcels.set(number, parcel);
              const action = Math.random() < 0.15 ? 'cancel' : NEXT[parcel.status]!;
              const extra =
                action === 'cancel'
                  ? { reason: 'Out of stock at the store' }
                  : action === 'ship'
                    ? { delivery_partner_id: swift, awb: `CRASH${parcel.subId}` }
                    : {};
              uncertain.add(number);
              const r = await call(vendor, 'POST', `/api/orders/${parcel.orderId}/sub-orders/${parcel.subId}/transitions`, {
                action,
                version: parcel.version,
                ...extra,
              });
              expect(r.status, `${action} ${number}: ${JSON.stringify(r.body)}`).toBe(200);
              uncertain.delete(number);
              parcels.set(number, { ...parcel, status: r.body.data.status, version: r.body.data.version });
              moves.push({ subId: parcel.subId, action, to: r.body.data.status });
              acks++;
            } catch (e) {
              if (!(e instanceof Lost)) throw e;
              unanswered++;
            }
          }
        };

        /** The database, read directly after the kill: nothing half-written, every acknowledged write there. */
        const check = async (q: Query, round: number | 'last') => {
          const none = async (what: string, sql: string) => expect(await q(sql), `round ${round}: ${what}`).toEqual([]);
          await none('an order without sub-orders', `select number from orders o where not exists (select 1 from sub_orders s where s.order_id = o.id)`);
          await none('a sub-order without lines', `select number from sub_orders s where not exists (select 1 from order_lines l where l.sub_order_id = s.id)`);
          await none(
            'a sub-order without its place entry',
            `select number from sub_orders s where not exists (select 1 from order_events e where e.sub_order_id = s.id and e.action = 'place')`,
          );
          await none(
            "a sub-order whose status is not its timeline's last state",
            `select s.number, s.status from sub_orders s
              where s.status <> (select e.to_status from order_events e where e.sub_order_id = s.id order by e.id desc limit 1)`,
          );
          await none(
            'a prepaid order without its payment',
            `select number from orders o where o.payment_method = 'prepaid' and not exists (select 1 from payments p where p.order_id = o.id and p.kind = 'payment')`,
          );
          await none(
            'a shipped parcel without its tax invoice',
            `select number from sub_orders s where s.shipped_at is not null and not exists (select 1 from tax_documents d where d.sub_order_id = s.id and d.kind = 'invoice')`,
          );
          await none(
            "a stock level whose reserved units are not the open parcels' lines",
            `select l.id, l.reserved, coalesce(sum(ol.quantity), 0) as open_lines
               from stock_levels l
               left join order_lines ol on ol.variant_id = l.variant_id and ol.warehouse_id = l.warehouse_id
                 and exists (select 1 from sub_orders s where s.id = ol.sub_order_id and s.status in ('placed', 'on_hold', 'confirmed', 'packed'))
              group by l.id having l.reserved <> coalesce(sum(ol.quantity), 0)`,
          );
          await none(
            'a stock level that is not the sum of its movements',
            `select l.id from stock_levels l
              where exists (select 1 from stock_movements m where m.stock_level_id = l.id)
                and (l.on_hand, l.reserved) <> (select coalesce(sum(m.on_hand_delta), 0), coalesce(sum(m.reserved_delta), 0) from stock_movements m where m.stock_level_id = l.id)`,
          );
          const rows = await q(
            `select o.number, o.payment_method,
                    (select count(*) from sub_orders s where s.order_id = o.id)::int as subs,
                    (select count(*) from order_lines l where l.order_id = o.id)::int as lines,
                    (select count(*) from stock_movements m where m.order_ref = o.number and m.kind = 'reserve')::int as reserves,
                    (select count(*) from payments p where p.order_id = o.id and p.kind = 'payment' and p.status = 'captured')::int as captures
               from orders o where o.number = any($1)`,
            [[...orders.keys()]],
          );
          const found = new Map(rows.map((r) => [r.number as string, r]));
          for (const o of orders.values()) {
            const row = found.get(o.number);
            expect(row, `round ${round}: acknowledged order ${o.number} is missing`).toBeDefined();
            expect({ subs: row!.subs, lines: row!.lines, reserves: row!.reserves }, `round ${round}: order ${o.number}`).toEqual({
              subs: o.subOrders,
              lines: o.lines,
              reserves: o.lines,
            });
            if (captured.has(o.number)) expect(row!.captures, `round ${round}: capture of ${o.number}`).toBe(1);
          }
          const events = await q(`select sub_order_id, action, to_status from order_events where sub_order_id = any($1)`, [moves.map((m) => m.subId)]);
          const seen = new Set(events.map((e) => `${e.sub_order_id}:${e.action}:${e.to_status}`));
          for (const m of moves) expect(seen.has(`${m.subId}:${m.action}:${m.to}`), `round ${round}: acknowledged ${m.action} of #${m.subId}`).toBe(true);
          return rows.length;
        };

        /** After a restart, the writes without an answer are settled as a client would. */
        const settle = async () => {
          for (const [key, request] of [...unsettled]) await place(request, key);
          for (const number of [...toCapture]) await capture(number);
          for (const number of [...uncertain]) {
            const parcel = await readParcel(number);
            const before = parcels.get(number);
            // Only this vendor moves these parcels: the state is the last acknowledged one, or the lost move's.
            if (before) expect(parcel.version - before.version, `parcel of ${number}`).toBeLessThanOrEqual(1);
            parcels.set(number, parcel);
            uncertain.delete(number);
          }
        };

        const inspect = async (round: number | 'last') => {
          // PGlite: the folder is opened here (its recovery) and the server started after; PostgreSQL: read, then
          // start. The last look ends the test: no start.
          const last = round === 'last';
          const checked = await server.withDatabase((q) => check(q, round), { restart: !last });
          if (server.driver === 'postgres' && !last) await server.start();
          return checked;
        };

        await killWhileWriting({
          server,
          kills: KILLS,
          workers: [storefrontWorker, storefrontWorker, vendorWorker],
          // Between two kills, at least three moves answered (and orders placed meanwhile).
          acks: () => moves.length,
          perRound: 3,
          restart: async (round) => {
            await inspect(round);
            await settle();
          },
        });
        expect(moves.length).toBeGreaterThanOrEqual(KILLS * 3);
        process.kill(server.pid!, 'SIGKILL');
        await server.stop();
        const checked = await inspect('last');
        expect(checked).toBe(orders.size);
        console.log(
          `orders crash (${server.driver}): ${KILLS + 1} kills, ${acks} acknowledged writes (${orders.size} orders, ${captured.size} captures, ${moves.length} moves), ${unanswered} unanswered`,
        );
      } finally {
        await server.dispose();
      }
    },
    KILLS * 90_000 + 120_000,
  );
});
