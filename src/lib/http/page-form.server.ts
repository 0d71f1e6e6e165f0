/**
 * The server half of the one form mechanism (docs/decisions/023-one-form-mechanism.md): a page
 * that must work without JavaScript (sign-in, password reset, onboarding) — and every island form
 * before it hydrates — posts to itself, and the page hands the request to `handlePageForm`. It reads
 * the body as the API does, parses it with the form's one zod schema (the same one the island and
 * the JSON endpoint use) through the API's `parseWith`, runs the action, and turns a refusal into
 * the one error shape `{message, errors}` with the API's own mapping (`knownHttpError`), so the
 * page draws the same errors beside the same fields with the same status as the endpoint answers.
 */
import type { z } from 'zod';
import { formSummary } from './errors.ts';
import { knownHttpError, parseWith, readFormData } from './api.server.ts';

/** A form as the page draws it: what was typed, and the refusal in the one error shape. */
export interface FormState {
  /** The typed text fields (never a secret: see `secretFields`), to draw the form again. */
  values: Record<string, string>;
  /** The line above the form (formSummary), or none. */
  message?: string;
  /** Each field's messages, drawn beside it. */
  errors: Record<string, string[]>;
  /** Set when the action succeeded and the page stays (it says what was done instead of redirecting). */
  done?: boolean;
}

/** The state of a form that was not posted yet. */
const freshForm = (values: Record<string, string | null | undefined> = {}): FormState => ({
  values: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? ''])),
  errors: {},
});

interface PageContext {
  request: Request;
  response: { status?: number; headers: Headers };
  locals: App.Locals;
}

export interface PageFormOptions {
  /** The values a form starts from when the page is only opened (GET). */
  initial?: Record<string, string | null | undefined>;
  /** Most bytes the body may have (an upload form allows its file); the API's default otherwise. */
  limit?: number;
  /** Fields never sent back into the page (passwords). */
  secretFields?: readonly string[];
}

/** Longest typed value drawn back into a form: the schema has already said what is wrong with it. */
const ECHO_MAX = 2000;

/**
 * The form of a page. Opened (GET): the fresh form from `initial`. Posted: on success what
 * `action` returns (a redirect, usually 303), or a `done` state when it returns nothing; on a
 * refusal it sets the response status and headers (e.g. Retry-After) and returns the form's
 * state. Errors that are not refusals (bugs) are thrown on, to the error page.
 */
export async function handlePageForm<S extends z.ZodType>(
  page: PageContext,
  schema: S,
  action: (input: z.infer<S>, typed: Record<string, string>) => Promise<Response | void>,
  options: PageFormOptions = {},
): Promise<Response | FormState> {
  if (page.request.method !== 'POST') return freshForm(options.initial);
  const secret = new Set(options.secretFields ?? []);
  let typed: Record<string, string> = {};
  const echo = () =>
    Object.fromEntries(
      Object.entries(typed)
        .filter(([k]) => !secret.has(k))
        .map(([k, v]) => [k, v.slice(0, ECHO_MAX)]),
    );
  try {
    const form = await readFormData(page.request, options.limit);
    // A list (`name[]` checkboxes) is drawn back comma-separated, as its schema also reads it.
    typed = Object.fromEntries(
      Object.entries(form)
        .map(([k, v]): [string, unknown] => [k, Array.isArray(v) ? v.join(',') : v])
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    const input = parseWith(schema, form);
    return (await action(input, typed)) ?? { values: echo(), errors: {}, done: true };
  } catch (error) {
    const refusal = knownHttpError(error, page);
    if (!refusal) throw error;
    page.response.status = refusal.status;
    for (const [name, value] of Object.entries(refusal.headers ?? {})) page.response.headers.set(name, value);
    // The fields the form posted are the ones it shows (beside which their errors are drawn).
    return { values: echo(), message: formSummary(refusal.toBody(), new Set(Object.keys(typed))), errors: refusal.errors ?? {} };
  }
}
