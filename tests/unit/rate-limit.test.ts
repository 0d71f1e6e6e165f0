/**
 * The fixed-window counters, against a real (in-memory) PGlite database with the real migrations.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useMemoryDatabase } from '../helpers/memory-database.ts';
import { clearLimit, hitLimit, peekLimit, refundHit, takeSlots } from '../../src/lib/auth/rate-limit.server.ts';

const memory = useMemoryDatabase();

beforeEach(async () => {
  await memory.database.db.execute(sql`delete from rate_limits`);
});

/** Moves a window's end into the past, as if its time had passed. */
async function expireWindow(key: string) {
  await memory.database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${key}`);
}

describe('hitLimit', () => {
  it('counts hits within a window', async () => {
    const db = memory.database.db;
    expect((await hitLimit(db, 'k', 60)).count).toBe(1);
    expect((await hitLimit(db, 'k', 60)).count).toBe(2);
    const third = await hitLimit(db, 'k', 60);
    expect(third.count).toBe(3);
    expect(third.retryAfterSeconds).toBeGreaterThan(0);
    expect(third.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('keeps keys apart', async () => {
    await hitLimit(memory.database.db, 'a', 60);
    await hitLimit(memory.database.db, 'a', 60);
    expect((await hitLimit(memory.database.db, 'b', 60)).count).toBe(1);
  });

  it('starts a new window once the old one has passed', async () => {
    await hitLimit(memory.database.db, 'k', 60);
    await hitLimit(memory.database.db, 'k', 60);
    await expireWindow('k');
    const fresh = await hitLimit(memory.database.db, 'k', 60);
    expect(fresh.count).toBe(1);
    expect(fresh.retryAfterSeconds).toBeGreaterThan(55);
  });

  it('does not extend the window on later hits', async () => {
    const first = await hitLimit(memory.database.db, 'k', 30);
    await hitLimit(memory.database.db, 'k', 3600);
    const peek = await peekLimit(memory.database.db, 'k');
    expect(peek.retryAfterSeconds).toBeLessThanOrEqual(first.retryAfterSeconds);
  });

  it('counts every one of many concurrent hits', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => hitLimit(memory.database.db, 'burst', 60)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});

describe('peekLimit', () => {
  it('reads without counting', async () => {
    await hitLimit(memory.database.db, 'k', 60);
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(1);
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(1);
  });

  it('answers zero for an unknown key or a passed window', async () => {
    expect(await peekLimit(memory.database.db, 'nobody')).toEqual({ count: 0, retryAfterSeconds: 0 });
    await hitLimit(memory.database.db, 'k', 60);
    await expireWindow('k');
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(0);
  });
});

describe('clearLimit', () => {
  it('forgets a key', async () => {
    await hitLimit(memory.database.db, 'k', 60);
    await clearLimit(memory.database.db, 'k');
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(0);
    expect((await hitLimit(memory.database.db, 'k', 60)).count).toBe(1);
  });
});

describe('takeSlots (counting first)', () => {
  it('counts every attempt of a burst before answering, so only `max` of them are within the limit', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => takeSlots(memory.database.db, [{ key: 'acct', max: 3 }], 60)));
    expect(results.filter((r) => r.retryAfterSeconds === 0)).toHaveLength(3);
    for (const r of results.filter((r) => r.retryAfterSeconds > 0)) expect(r.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await peekLimit(memory.database.db, 'acct')).count).toBe(20);
  });

  it('refuses when any counter is past its limit, with the longest wait', async () => {
    for (let i = 0; i < 2; i++) await hitLimit(memory.database.db, 'ip', 30);
    const taken = await takeSlots(
      memory.database.db,
      [
        { key: 'acct', max: 5 },
        { key: 'ip', max: 2 },
      ],
      30,
    );
    expect(taken.hits.map((h) => h.count)).toEqual([1, 3]);
    expect(taken.retryAfterSeconds).toBeGreaterThan(0);
    expect((await takeSlots(memory.database.db, [{ key: 'other', max: 1 }], 30)).retryAfterSeconds).toBe(0);
  });
});

describe('refundHit', () => {
  it('gives one hit back in its own window', async () => {
    await hitLimit(memory.database.db, 'k', 60);
    const hit = await hitLimit(memory.database.db, 'k', 60);
    await refundHit(memory.database.db, hit);
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(1);
  });

  it('never lends a slot to a later window', async () => {
    const old = await hitLimit(memory.database.db, 'k', 60);
    await expireWindow('k');
    await hitLimit(memory.database.db, 'k', 60);
    await refundHit(memory.database.db, old);
    expect((await peekLimit(memory.database.db, 'k')).count).toBe(1);
  });

  it('does not go below zero', async () => {
    const hit = await hitLimit(memory.database.db, 'k', 60);
    await refundHit(memory.database.db, hit);
    await refundHit(memory.database.db, hit);
    expect((await hitLimit(memory.database.db, 'k', 60)).count).toBe(1);
  });
});
