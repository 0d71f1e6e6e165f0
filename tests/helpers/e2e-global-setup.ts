/**
 * Playwright global setup: ONE built server for the whole end-to-end run, on a free port with a
 * fresh PGlite data folder (demo data seeded). Workers inherit E2E_BASE_URL from here, and
 * BO_PGLITE_TEMPLATE: specs that start a server of their own copy the seeded template.
 * Set E2E_BASE_URL yourself to run the specs against a server you started.
 */
import { rmSync } from 'node:fs';
import { createPgliteTemplate, startServer } from './server.ts';

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  const template = process.env.BO_PGLITE_TEMPLATE ? undefined : await createPgliteTemplate();
  if (template) process.env.BO_PGLITE_TEMPLATE = template;
  const server = process.env.E2E_BASE_URL ? undefined : await startServer({ driver: 'pglite' });
  if (server) process.env.E2E_BASE_URL = server.url;
  // Its outbox folder (DATA_DIR/outbox): specs follow links from mail (an invitation).
  if (server) process.env.E2E_DATA_DIR = server.dataDir;
  return async () => {
    await server?.dispose();
    if (template) rmSync(template, { recursive: true, force: true });
  };
}
