/**
 * The one error shape of every error response: `{ message, errors?: { field: [..] } }`.
 * Shared by the server and the browser's HTTP client.
 */
export interface ErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly errors?: Record<string, string[]>;
  readonly headers?: Record<string, string>;
  // Plain fields, not parameter properties: scripts run this file with Node's type stripping.
  constructor(status: number, message: string, errors?: Record<string, string[]>, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
  toBody(): ErrorBody {
    return this.errors ? { message: this.message, errors: this.errors } : { message: this.message };
  }
}

export const badRequest = (message = 'The request could not be read.') => new HttpError(400, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new HttpError(409, message, errors);
export const invalid = (errors: Record<string, string[]>, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);

/** What a form says above itself when its fields carry the errors: they are shown beside each field. */
export const CHECK_FIELDS_MESSAGE = 'Check the highlighted fields.';

/**
 * The line a form shows above its fields for a refusal in the one error shape. Errors on fields the
 * form shows are drawn beside them, so the line only points at them; errors on no shown field
 * ("Finish the store setup first.") are said in full. Used by the island forms and by the pages
 * that handle their own POST, so both say the same thing. `shown`: the form's field names (all, when
 * not given).
 */
export function formSummary(body: ErrorBody, shown?: ReadonlySet<string>): string {
  const errors = Object.entries(body.errors ?? {}).filter(([, messages]) => messages.length);
  if (!errors.length) return body.message;
  const elsewhere = shown ? errors.filter(([field]) => !shown.has(field.split('.')[0]!)).flatMap(([, messages]) => messages) : [];
  if (!elsewhere.length) return CHECK_FIELDS_MESSAGE;
  return elsewhere.length < errors.length ? `${elsewhere.join(' ')} ${CHECK_FIELDS_MESSAGE}` : elsewhere.join(' ');
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}
