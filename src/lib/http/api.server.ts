/**
 * The API kit: every JSON endpoint reads and answers through these helpers, so bad
 * input always gets the one error shape (400/413/415/422) and never a 500 or a stack trace.
 */
import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, invalid, type ErrorBody } from './errors.ts';
import { zodErrors } from './validation.ts';
import { config } from '@/lib/config.server.ts';
import { isDataException, sqlState } from '@/lib/db/pg-errors.ts';

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  // A body refused as too large may be left partly unread (readBodyBytes drains at most
  // DRAIN_LIMIT): the connection can't be trusted with another request, so the client is told not
  // to reuse it (otherwise its next request on that socket is reset).
  return json(body, { status, headers: status === 413 ? { connection: 'close', ...headers } : headers });
}

/**
 * How much of a refused body is still read (and thrown away) before the 413 is sent. A client
 * writes its whole body before it reads the answer: answering and closing while a 3 MB upload is
 * still being sent breaks its write (EPIPE), and the person sees "network error" instead of the
 * message. Past this, the answer goes at once and the connection is closed under the sender.
 */
const DRAIN_LIMIT = 32 * 1024 * 1024;

/** Reads and throws away the rest of a refused body (up to DRAIN_LIMIT), so the client hears the answer: see DRAIN_LIMIT. */
export async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, already: number): Promise<void> {
  let size = already;
  for (;;) {
    const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
    if (done) return;
    size += value!.byteLength;
    if (size > DRAIN_LIMIT) {
      await reader.cancel().catch(() => {});
      return;
    }
  }
}

/** Reads a request body with a hard size cap, whatever Content-Length claims. */
export async function readBodyBytes(request: Request, limit = config().MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () => new HttpError(413, `The request body is larger than ${limit} bytes.`);
  if (declared > limit) {
    if (request.body && declared <= DRAIN_LIMIT) await drain(request.body.getReader(), 0);
    throw tooLarge();
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await drain(reader, size);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}

function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Fields whose text holds a NUL character: PostgreSQL text and jsonb can't store one, so it would
 * fail in the database as a 500. Iterative, so deeply nested input can't overflow the stack.
 */
function nulCharacterErrors(value: unknown): Record<string, string[]> | undefined {
  type Node = { value: unknown; key: string; parent?: Node };
  const fieldOf = (node: Node, key?: string) => {
    const parts = key === undefined ? [] : [key];
    for (let n: Node | undefined = node; n?.parent; n = n.parent) parts.push(n.key);
    return parts.reverse().join('.') || '_';
  };
  let errors: Record<string, string[]> | undefined;
  const add = (field: string, message: string) => ((errors ??= Object.create(null) as Record<string, string[]>)[field] = [message]);
  const stack: Node[] = [{ value, key: '' }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) add(fieldOf(node), 'Remove the NUL character (\\u0000) from this text.');
    } else if (v !== null && typeof v === 'object' && !(v instanceof Blob)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) add(fieldOf(node, k), 'Remove the NUL character (\\u0000) from this field name.');
        else stack.push({ value: child, key: k, parent: node });
      }
    }
  }
  return errors;
}

/**
 * Input → the schema's output, or a 422 in the one error shape. The NUL check reads what the schema
 * keeps, so a field the schema drops or cleans (sign-in's `next`, which only ever becomes a local
 * path) can't refuse the request; when the schema refuses, a NUL anywhere is named first.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(nulCharacterErrors(value) ?? zodErrors(result.error));
  const nul = nulCharacterErrors(result.data);
  if (nul) throw invalid(nul);
  return result.data;
}

/** JSON body → schema. An empty body counts as `{}`. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = mediaType(request);
  const bytes = await readBodyBytes(request);
  if (bytes.byteLength > 0 && type !== 'application/json') {
    throw new HttpError(415, 'Send the body as application/json.');
  }
  let value: unknown = {};
  if (bytes.byteLength > 0) {
    try {
      value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
  }
  return parseWith(schema, value);
}

/**
 * Multipart or URL-encoded form → plain object of strings and Files. `name[]` (a group of
 * checkboxes) is a list: every checked value, under `name`; a form with none checked sends nothing.
 * Any other repeated name keeps its last value.
 */
export async function readFormData(request: Request, limit?: number): Promise<Record<string, FormDataEntryValue | string[]>> {
  const out: Record<string, FormDataEntryValue | string[]> = {};
  for (const [key, value] of await readFormEntries(request, limit)) {
    if (key.endsWith('[]') && typeof value === 'string') {
      const name = key.slice(0, -2);
      const list = out[name];
      out[name] = Array.isArray(list) ? [...list, value] : [value];
      continue;
    }
    out[key] = value;
  }
  return out;
}

/** Multipart or URL-encoded form → its entries in order, repeated names included (several files under one name). */
export async function readFormEntries(request: Request, limit?: number): Promise<[string, FormDataEntryValue][]> {
  const type = mediaType(request);
  if (type !== 'multipart/form-data' && type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(415, 'Send the body as multipart/form-data or application/x-www-form-urlencoded.');
  }
  const bytes = await readBodyBytes(request, limit);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    throw new HttpError(400, 'The form body could not be read.');
  }
  const out: [string, FormDataEntryValue][] = [];
  for (const [key, value] of form.entries()) {
    if (key === '_token') continue; // the CSRF field of no-JavaScript forms
    out.push([key, value]);
  }
  return out;
}

/** JSON, multipart or URL-encoded: whichever the client sent. */
export async function readInput<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const type = mediaType(request);
  if (type === 'multipart/form-data' || type === 'application/x-www-form-urlencoded') {
    return parseWith(schema, await readFormData(request));
  }
  return readJson(request, schema);
}

export function queryObject(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

/** What a client is told when the database refused one of its values (the safety net below). */
export const DATA_EXCEPTION_MESSAGE =
  'A value in the request does not fit what it is stored or compared as (a number out of range, or text where a number or date belongs). Check the values and try again.';

/**
 * The refusal a thrown error stands for, as an HttpError: our own, or the database refusing a
 * value. Undefined for anything else (a bug: logged and answered 500 by the caller). Shared by the
 * API (toErrorResponse) and the pages that handle their own form POST (page-form.server.ts).
 */
export function knownHttpError(error: unknown, context?: Pick<APIContext, 'locals'>): HttpError | undefined {
  if (error instanceof HttpError) return error;
  if (isDataException(error)) {
    // A safety net: validation should have refused the value first (decision 017), so this is
    // logged, at warn, to find that schema. The statement failed and its transaction with it.
    context?.locals.log?.warn({ err: error, sqlstate: sqlState(error) }, 'the database refused a value validation let through');
    return new HttpError(422, DATA_EXCEPTION_MESSAGE);
  }
  return undefined;
}

/** Turns any thrown error into the one error shape; unknown errors are logged, never shown. */
export function toErrorResponse(error: unknown, context?: Pick<APIContext, 'locals'>): Response {
  const known = knownHttpError(error, context);
  if (known) return errorResponse(known.status, known.toBody(), known.headers);
  context?.locals.log?.error({ err: error }, 'unhandled error');
  return errorResponse(500, { message: 'Something went wrong on our side. The error has been logged.' });
}

/** Wraps an endpoint so thrown HttpErrors become responses. */
export function endpoint(fn: (context: APIContext) => Promise<Response> | Response): APIRoute {
  return async (context) => {
    try {
      return await fn(context);
    } catch (error) {
      return toErrorResponse(error, context);
    }
  };
}
