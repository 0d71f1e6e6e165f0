/**
 * The test suite stays fast and steady as it grows (issue 12): no test waits a fixed time where it
 * could wait for what it expects. Playwright's `waitForTimeout` and the `networkidle` load state are
 * the two ways a spec sleeps (one is a sleep, the other waits for 500 ms of quiet); either one
 * found under tests/ fails here, naming the file and line. Wait for a locator, a URL, a response or
 * `expect.poll` / `toPass` instead.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const THIS_FILE = relative(ROOT, import.meta.filename);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourcesUnder(path) : /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

/** Where `pattern` occurs in the test sources, as `file:line`. */
function occurrences(pattern: RegExp, sources: { file: string; text: string }[]): string[] {
  return sources.flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}`] : [])));
}

describe('tests wait for a condition, never for a fixed time', () => {
  const sources = sourcesUnder(join(ROOT, 'tests'))
    .map((path) => ({ file: relative(ROOT, path), text: readFileSync(path, 'utf8') }))
    .filter(({ file }) => file !== THIS_FILE);

  it('reads the test sources', () => {
    expect(sources.some(({ file }) => file.startsWith('tests/e2e/'))).toBe(true);
  });

  it('no waitForTimeout', () => {
    expect(occurrences(/\bwaitForTimeout\s*\(/, sources)).toEqual([]);
  });

  it('no networkidle', () => {
    expect(occurrences(/networkidle/, sources)).toEqual([]);
  });

  it('finds them when they are there', () => {
    const planted = [
      { file: 'tests/e2e/x.spec.ts', text: "await page.goto('/');\nawait page.waitForLoadState('networkidle');\nawait page.waitForTimeout(500);" },
    ];
    expect(occurrences(/\bwaitForTimeout\s*\(/, planted)).toEqual(['tests/e2e/x.spec.ts:3']);
    expect(occurrences(/networkidle/, planted)).toEqual(['tests/e2e/x.spec.ts:2']);
  });
});
