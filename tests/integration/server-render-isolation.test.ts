/**
 * A list page's server render draws the rows of its own request, never what an earlier render
 * read: the islands' QueryClient is new for every server render (src/lib/http/query-client.ts).
 * A client kept across renders preferred what it held to the render's initialData, so a page
 * showed the rows an earlier request had seen (stale, or another person's), until hydration,
 * which on a list page now waits for the person to reach for the table (client:intent).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import type { HttpClient } from '../helpers/http.ts';

const app = useServer();
let admin: HttpClient;

beforeAll(async () => {
  admin = await app.as('admin');
});

function form(fields: Record<string, string>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
}

describe('server-rendered lists', () => {
  it('show a change made between two renders of the same page', async () => {
    const name = `Isolation ${Date.now().toString(36)}`;
    const page = `/brands/listing?q=${encodeURIComponent(name)}`;
    const before = await (await admin.get(page)).text();
    const empty = 'No brands match these filters.';
    expect(before.includes(empty), 'the first render finds no brand').toBe(true);
    const created = await admin.post('/api/brands', { multipart: form({ name, status: 'active' }) });
    expect(created.status, await created.clone().text()).toBe(201);
    const after = await (await admin.get(page)).text();
    expect(after.includes(empty), 'the second render draws the new brand').toBe(false);
    expect(after.includes(`>${name}</a>`), 'the new brand is a row').toBe(true);
  });
});
