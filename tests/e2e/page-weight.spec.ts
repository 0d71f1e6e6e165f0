/**
 * The JavaScript budgets, measured as a person's browser loads a page before touching it: every
 * script summed, gzipped, React included. Every area's list page: 75 KiB (issue 13; its table
 * hydrates on intent, decision 029, so it loads the shell's scripts only). Add and details pages:
 * 100 KiB (decision 010). A new area or input that pushes a page over fails here.
 */
import { test, expect } from './fixtures.ts';
import { pageScriptsGzip } from './area-helpers.ts';
import { AREAS } from '../../src/app/areas/areas.ts';

const BUDGET = 100 * 1024;
const LIST_BUDGET = 75 * 1024;

test('every area page stays within the JavaScript budget', async ({ page, loginAs }) => {
  test.slow(); // two page loads per area
  await loginAs('admin');
  const lists = new Set(AREAS.map((a) => a.paths.list));
  const pages = [...AREAS.flatMap((a) => [a.paths.list, a.paths.add]), ...AREAS.flatMap((a) => (a.details ? [a.details.path.replace(':id', '1')] : []))];
  const over: string[] = [];
  for (const path of pages) {
    const { bytes } = await pageScriptsGzip(page, path);
    expect(bytes, `${path} loads some JavaScript`).toBeGreaterThan(0);
    const budget = lists.has(path) ? LIST_BUDGET : BUDGET;
    if (bytes > budget) over.push(`${path}: ${(bytes / 1024).toFixed(1)} KiB (budget ${budget / 1024} KiB)`);
  }
  expect(over, 'pages over their budget, gzipped').toEqual([]);
});
