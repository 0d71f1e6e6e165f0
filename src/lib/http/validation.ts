/** Turns zod issues into the `errors: { field: [...] }` map of the one error shape. */
import type { z } from 'zod';

export function zodErrors(error: z.ZodError): Record<string, string[]> {
  // No prototype: a field named `constructor` or `__proto__` must not reach Object.prototype's.
  const out: Record<string, string[]> = Object.create(null);
  const add = (field: string, message: string) => (out[field] ??= []).push(message);
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add([...issue.path, key].join('.'), 'This field is not allowed.');
      continue;
    }
    add(issue.path.length ? issue.path.join('.') : '_', issue.message);
  }
  return out;
}
