#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the
 * built server with its Node flags and allocator settings (scripts/server-flags.mjs). Migrations and demo data are applied by the server itself at start-up.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:os';
import { spawn, spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS, serverEnv } from './server-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/server/entry.mjs');
const entry = join(root, 'src/server/main.ts');

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), s.mtimeMs);
}

const sources = Math.max(
  newest(join(root, 'src')),
  newest(join(root, 'public')),
  newest(join(root, 'astro.config.mjs')),
  newest(join(root, 'package-lock.json')),
  newest(join(root, 'tailwind.config.mjs')),
);
if (!existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the server (first start, or the sources changed)…');
  const result = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.HOST ??= 'localhost';
process.env.PORT ??= '4321';
console.log(`Starting on http://${process.env.HOST}:${process.env.PORT}`);
// The server runs in a child process so it gets its Node flags and allocator settings (scripts/server-flags.mjs); signals
// are passed on, and this process ends with the server's exit code.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { stdio: 'inherit', env: serverEnv(process.env) });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? 128 + (signal ? (constants.signals[signal] ?? 1) : 1)));
