/**
 * The embedded database's list cache: a page is served again only while nothing has been written,
 * never from inside a transaction, and never when a write ran while it was being read.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cachedRead, noteStatement, READ_CACHE_ENTRIES, readCacheServes, stopReadCache, useReadCache } from '../../src/lib/db/read-cache.server.ts';
import type { DbOrTx } from '../../src/lib/db/client.server.ts';

const root = { name: 'root handle' } as unknown as DbOrTx;
const transaction = { name: 'a transaction' } as unknown as DbOrTx;

/** A read that counts how often it reaches "the database", answering the count. */
function counter() {
  let reads = 0;
  return { read: async () => ++reads, get reads() { return reads; } };
}

afterEach(() => useReadCache(undefined));

describe('the list cache', () => {
  it('is off until a root handle turns it on, and after that handle closes', async () => {
    const c = counter();
    await cachedRead(root, 'k', c.read);
    await cachedRead(root, 'k', c.read);
    expect(c.reads).toBe(2);
    expect(readCacheServes(root)).toBe(false);
    useReadCache(root);
    expect([readCacheServes(root), readCacheServes(transaction)]).toEqual([true, false]);
    await cachedRead(root, 'k', c.read);
    expect(await cachedRead(root, 'k', c.read)).toBe(3);
    stopReadCache(transaction); // not the cache's handle: no change
    expect(await cachedRead(root, 'k', c.read)).toBe(3);
    stopReadCache(root);
    expect(await cachedRead(root, 'k', c.read)).toBe(4);
  });

  it('serves a page again until any statement other than a read runs', async () => {
    useReadCache(root);
    const c = counter();
    expect(await cachedRead(root, 'page', c.read)).toBe(1);
    for (const read of ['select 1', '  SELECT * from brands', 'explain select 1', 'show server_version']) {
      noteStatement(read);
      expect(await cachedRead(root, 'page', c.read), read).toBe(1);
    }
    for (const write of ['update brands set name = $1', 'insert into brands (name) values ($1)', 'delete from brands', 'with moved as (update widgets set position = 1 returning id) select * from moved', 'truncate brands', 'analyze']) {
      noteStatement(write);
      const before = c.reads;
      expect(await cachedRead(root, 'page', c.read), write).toBe(before + 1);
    }
  });

  it('keeps nothing read while a write ran, so a page is never older than the last write', async () => {
    useReadCache(root);
    let reads = 0;
    const readDuringWrite = async () => {
      reads++;
      noteStatement('update brands set status = $1'); // another request's write lands meanwhile
      return `read ${reads}`;
    };
    expect(await cachedRead(root, 'page', readDuringWrite)).toBe('read 1');
    expect(await cachedRead(root, 'page', async () => `read ${++reads}`)).toBe('read 2');
    expect(await cachedRead(root, 'page', async () => `read ${++reads}`)).toBe('read 2');
  });

  it('never serves or keeps what a transaction reads', async () => {
    useReadCache(root);
    const c = counter();
    await cachedRead(transaction, 'page', c.read);
    await cachedRead(transaction, 'page', c.read);
    expect(c.reads).toBe(2);
    expect(await cachedRead(root, 'page', c.read)).toBe(3);
  });

  it(`keeps at most ${READ_CACHE_ENTRIES} pages, dropping the least recently used`, async () => {
    useReadCache(root);
    const c = counter();
    for (let i = 0; i < READ_CACHE_ENTRIES; i++) await cachedRead(root, `page ${i}`, c.read);
    await cachedRead(root, 'page 0', c.read); // used again: now the most recent
    await cachedRead(root, 'one more', c.read); // pushes out page 1
    const reads = c.reads;
    await cachedRead(root, 'page 0', c.read);
    expect(c.reads).toBe(reads);
    await cachedRead(root, 'page 1', c.read);
    expect(c.reads).toBe(reads + 1);
  });
});
