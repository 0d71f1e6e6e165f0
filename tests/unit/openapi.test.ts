/** The OpenAPI document is generated from the registry: every API route must appear in it. */
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/app/openapi/openapi.ts';
import { routes } from '../../src/app/routes/registry.ts';

const doc = openApiDocument() as { openapi: string; paths: Record<string, Record<string, { summary: string; requestBody?: unknown }>> };

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every API route of the registry, with each of its methods', () => {
    const missing: string[] = [];
    for (const r of routes.filter((x) => x.kind === 'api')) {
      const path = r.pattern.replace(/:(\w+)/g, '{$1}');
      for (const m of r.methods) if (!doc.paths[path]?.[m.toLowerCase()]) missing.push(`${m} ${r.pattern}`);
    }
    expect(missing).toEqual([]);
  });

  it('describes area bodies from the area zod schema', () => {
    const create = doc.paths['/api/brands']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    };
    const schema = create.requestBody.content['multipart/form-data']!.schema;
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['name', 'slug', 'description', 'status', 'logo']));
    expect(schema.required).toContain('name');
  });

  it('gives every operation a summary that is not the generic fallback', () => {
    const generic = Object.entries(doc.paths).flatMap(([p, ms]) =>
      Object.entries(ms)
        .filter(([m, op]) => op.summary === `${m.toUpperCase()} ${p}`)
        .map(([m]) => `${m} ${p}`),
    );
    expect(generic).toEqual([]);
  });
});
