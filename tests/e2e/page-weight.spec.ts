/**
 * The JavaScript budget (100 KiB gzipped, React included; docs/decisions/010) on every area's
 * list and add page and on the details pages, measured as a person's browser loads them: every
 * script summed, gzipped. A new area or input that pushes a page over fails here.
 */
import { test, expect } from './fixtures.ts';
import { pageScriptsGzip } from './area-helpers.ts';
import { AREAS } from '../../src/app/areas/areas.ts';

const BUDGET = 100 * 1024;

test('every area page stays within the JavaScript budget', async ({ page, loginAs }) => {
  test.slow(); // two page loads per area
  await loginAs('admin');
  const pages = [...AREAS.flatMap((a) => [a.paths.list, a.paths.add]), ...AREAS.flatMap((a) => (a.details ? [a.details.path.replace(':id', '1')] : []))];
  const over: string[] = [];
  for (const path of pages) {
    const { bytes } = await pageScriptsGzip(page, path);
    expect(bytes, `${path} loads some JavaScript`).toBeGreaterThan(0);
    if (bytes > BUDGET) over.push(`${path}: ${(bytes / 1024).toFixed(1)} KiB`);
  }
  expect(over, 'pages over 100 KiB gzipped').toEqual([]);
});
