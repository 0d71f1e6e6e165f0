/**
 * Once per integration run: a seeded PGlite data folder that every test server starts from
 * (a copy each, so servers stay isolated). See createPgliteTemplate.
 */
import type { TestProject } from 'vitest/node';
import { rmSync } from 'node:fs';
import { createPgliteTemplate } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A seeded PGlite data folder to copy (see startServer's `template`). */
    boPgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = await createPgliteTemplate();
  project.provide('boPgliteTemplate', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
