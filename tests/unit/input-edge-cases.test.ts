/** Input the fuzzer found breaking the validation layer: field names from Object.prototype, NUL characters. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseWith } from '../../src/lib/http/api.server.ts';
import { HttpError } from '../../src/lib/http/errors.ts';

function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    expect((e as HttpError).status).toBe(422);
    return (e as HttpError).errors ?? {};
  }
  throw new Error('expected a 422');
}

const schema = z.strictObject({ name: z.string() });

describe('parseWith', () => {
  it('names unknown fields called constructor, __proto__ or toString instead of failing', () => {
    const input = JSON.parse('{"name":"x","constructor":1,"__proto__":{"a":1},"toString":2}');
    const errors = errorsOf(() => parseWith(schema, input));
    expect(Object.keys(errors).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(JSON.parse(JSON.stringify(errors)).constructor).toEqual(['This field is not allowed.']);
  });

  it('refuses a NUL character anywhere, naming the field (PostgreSQL text cannot store it)', () => {
    expect(Object.keys(errorsOf(() => parseWith(schema, { name: 'a\u0000b' })))).toEqual(['name']);
    expect(Object.keys(errorsOf(() => parseWith(z.object({ a: z.array(z.string()) }), { a: ['ok', '\u0000'] })))).toEqual(['a.1']);
    expect(Object.keys(errorsOf(() => parseWith(z.record(z.string(), z.number()), { 'k\u0000': 1 })))).toEqual(['k\u0000']);
  });

  it('walks very deep input without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const fields = Object.keys(errorsOf(() => parseWith(schema, { name: 'a', deep })));
    expect(fields).toHaveLength(1);
    expect(fields[0]!.startsWith('deep.0.0.0')).toBe(true);
  });
});
