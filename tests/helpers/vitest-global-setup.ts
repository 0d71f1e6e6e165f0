/**
 * Once per integration run and driver: a seeded database every test server starts from (a copy
 * each, so servers stay isolated). PGlite: a data folder (createPgliteTemplate), provided to the
 * tests. PostgreSQL: a database and its server's data folder (createPostgresTemplate), named in
 * $BO_POSTGRES_TEMPLATE, which the test workers inherit and startServer copies.
 */
import type { TestProject } from 'vitest/node';
import { rmSync } from 'node:fs';
import { createPgliteTemplate, createPostgresTemplate, disposePostgresTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A seeded PGlite data folder to copy (see startServer's `template`). */
    boPgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.BO_TEST_DB === 'postgres') {
    const template = await createPostgresTemplate();
    process.env.BO_POSTGRES_TEMPLATE = JSON.stringify(template);
    return async () => {
      delete process.env.BO_POSTGRES_TEMPLATE;
      await disposePostgresTemplate(template);
    };
  }
  const dir = await createPgliteTemplate();
  project.provide('boPgliteTemplate', dir);
  return async () => rmSync(dir, { recursive: true, force: true });
}
