#!/usr/bin/env node
/**
 * `npm test`: every test of the project, then one closing line `N passed, N failed`.
 *
 *   1. `astro build`: integration and end-to-end tests start the server (src/server/main.ts serving dist/),
 *      then `tsc --noEmit` (one check: the types of every .ts/.tsx file), then `npm run lint`
 *      (one check: ESLint with the layer and cycle rules, and `prettier --check`).
 *   2. Vitest: unit tests, integration tests on PGlite and, when TEST_DATABASE_URL is set, on
 *      PostgreSQL too (projects in vitest.config.ts).
 *   3. Playwright: end-to-end tests in Chromium (/usr/bin/chromium or $CHROMIUM_PATH).
 *
 * Each runner keeps its normal console output and also writes a JSON report to .tmp/test-results/;
 * the counts of both are added up at the end. Exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const resultsDir = join(root, '.tmp/test-results');
const vitestJson = join(resultsDir, 'vitest.json');
const playwrightJson = join(resultsDir, 'playwright.json');
const bin = (path) => join(root, 'node_modules', path);

rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
mkdirSync(resultsDir, { recursive: true });

/** Runs a Node script with this same Node (24), sharing the console; answers the exit code. */
function run(args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const tally = [];
const started = Date.now();

console.log('\n▶ Building the server (npm run build)…');
const buildCode = await run([bin('astro/bin/astro.mjs'), 'build'], { ASTRO_TELEMETRY_DISABLED: '1' });
if (buildCode !== 0) {
  tally.push({ runner: 'build', passed: 0, failed: 1, note: `astro build exited ${buildCode}` });
}

// TypeScript checks the .ts/.tsx sources (the build has compiled them without checking types).
console.log('\n▶ Type check (tsc --noEmit)…');
const tscCode = await run([bin('typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json']);
tally.push({ runner: 'typecheck', passed: tscCode === 0 ? 1 : 0, failed: tscCode === 0 ? 0 : 1 });

// ESLint (the layers of docs/architecture.md, no import cycles) and Prettier: `npm run lint`, one check.
console.log('\n▶ Lint (eslint + prettier --check)…');
const eslintCode = await run([bin('eslint/bin/eslint.js'), '.']);
const prettierCode = await run([bin('prettier/bin/prettier.cjs'), '--check', '--log-level=warn', '.']);
const lintOk = eslintCode === 0 && prettierCode === 0;
tally.push({ runner: 'lint', passed: lintOk ? 1 : 0, failed: lintOk ? 0 : 1 });

console.log(
  `\n▶ Vitest: unit${buildCode === 0 ? ' + integration (PGlite' + (process.env.TEST_DATABASE_URL ? ' and PostgreSQL)' : ' only; set TEST_DATABASE_URL for PostgreSQL)') : ' only (the build failed)'}…`,
);
const vitestArgs = [bin('vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`];
if (buildCode !== 0) vitestArgs.push('--project', 'unit');
const vitestCode = await run(vitestArgs);
{
  const report = readJson(vitestJson);
  if (!report) {
    tally.push({ runner: 'vitest', passed: 0, failed: 1, note: `no JSON report (exit ${vitestCode})` });
  } else {
    let failed = report.numFailedTests ?? 0;
    let skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    // A file that fails before its tests run (import error, failing beforeAll: e.g. its server did not
    // start) reports its tests as skipped: they count as failed, at least one per such file.
    for (const file of report.testResults ?? []) {
      const results = file.assertionResults ?? [];
      if (file.status !== 'failed' || results.some((a) => a.status === 'failed')) continue;
      const notRun = results.filter((a) => a.status !== 'passed').length;
      failed += Math.max(1, notRun);
      skipped -= notRun;
      console.log(`✗ ${file.name.replace(root, '')}: ${(file.message ?? 'failed before its tests ran').split('\n')[0]}`);
    }
    if (vitestCode !== 0 && failed === 0) failed = 1; // e.g. unhandled errors
    tally.push({ runner: 'vitest', passed: report.numPassedTests ?? 0, failed, skipped: Math.max(0, skipped) });
  }
}

if (buildCode === 0) {
  console.log('\n▶ Playwright: end-to-end tests in Chromium…');
  const playwrightCode = await run([bin('@playwright/test/cli.js'), 'test']);
  const report = readJson(playwrightJson);
  if (!report?.stats) {
    tally.push({ runner: 'playwright', passed: 0, failed: 1, note: `no JSON report (exit ${playwrightCode})` });
  } else {
    const s = report.stats;
    let failed = s.unexpected ?? 0;
    if (playwrightCode !== 0 && failed === 0) failed = 1; // global setup failure, no tests found, …
    tally.push({ runner: 'playwright', passed: (s.expected ?? 0) + (s.flaky ?? 0), failed, skipped: s.skipped ?? 0 });
  }
}

console.log('\n── Test summary ──────────────────────────────');
for (const t of tally) {
  console.log(`${t.runner.padEnd(11)} ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}${t.note ? `  (${t.note})` : ''}`);
}
console.log(`time        ${Math.round((Date.now() - started) / 1000)} s`);
const passed = tally.reduce((n, t) => n + t.passed, 0);
const failed = tally.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
