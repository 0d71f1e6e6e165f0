/** Checks shared by integration tests: the one error shape, and no leaked internals. */
import { expect } from 'vitest';
import { unmaskCsrfToken } from '../../src/lib/auth/csrf.server.ts';

/** Reads a response expected to carry the one error shape `{ message, errors? }`; answers the body. */
export async function expectErrorShape(response: Response, status: number): Promise<{ message: string; errors?: Record<string, string[]> }> {
  const text = await response.text();
  expect(response.status, `status (body: ${text.slice(0, 300)})`).toBe(status);
  expect(response.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  expectNoInternals(text);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(
    Object.keys(body).every((k) => k === 'message' || k === 'errors'),
    `only message/errors in ${text}`,
  ).toBe(true);
  if (body.errors !== undefined) {
    expect(typeof body.errors).toBe('object');
    for (const [field, messages] of Object.entries(body.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages), field).toBe(true);
      for (const m of messages as unknown[]) expect(typeof m, field).toBe('string');
    }
  }
  return body as { message: string; errors?: Record<string, string[]> };
}

/** No stack traces, source paths or driver errors in what a client sees. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(text).not.toMatch(/node_modules|\.server\.ts|dist\/server|file:\/\//);
  expect(text).not.toMatch(/ZodError|TypeError|ReferenceError|SyntaxError: /);
}

/**
 * A page's form carries the session's CSRF token in a `_token` field, masked for this response
 * (pages are compressed: BREACH), so never the cookie's value as is.
 */
export function expectCsrfField(html: string, cookieToken: string | undefined): void {
  const fields = [...html.matchAll(/name="_token" value="([^"]+)"/g)].map((m) => m[1]!);
  expect(fields.length, 'a _token field').toBeGreaterThan(0);
  for (const field of fields) {
    expect(field).not.toBe(cookieToken);
    expect(unmaskCsrfToken(field)).toBe(cookieToken);
  }
}
