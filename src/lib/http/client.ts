/**
 * The browser's one HTTP client. Every call sends the spec's headers (§7): X-Requested-With,
 * Accept and Content-Type JSON, credentials, and X-XSRF-TOKEN read from the XSRF-TOKEN cookie.
 * Any 401 sends the browser to /auth/login, and the error is still passed on (spec §8).
 * No timeout (spec §7). Upload progress uses XMLHttpRequest, the only API that reports it.
 */
import { isErrorBody, type ErrorBody } from './errors.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(body.message);
  }
  /** Field errors of a 422, `{ field: [messages] }`. */
  get fieldErrors(): Record<string, string[]> {
    return this.body.errors ?? {};
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart; a File or Blob as itself, with its type. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** 0–100 while the body uploads (multipart forms with files). */
  onUploadProgress?: (percent: number) => void;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function headersFor(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' };
  // A File or Blob is sent as itself (a bulk import file streamed to disk by the server), FormData as multipart.
  if (body instanceof Blob) headers['Content-Type'] = body.type || 'application/octet-stream';
  else if (!(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  const xsrf = readCookie('XSRF-TOKEN');
  if (xsrf) headers['X-XSRF-TOKEN'] = xsrf;
  return headers;
}

function onUnauthenticated(status: number): void {
  if (status === 401 && typeof window !== 'undefined' && window.location.pathname !== '/auth/login') {
    window.location.assign('/auth/login');
  }
}

function toError(status: number, payload: unknown): ApiError {
  return new ApiError(
    status,
    isErrorBody(payload)
      ? payload
      : { message: status === 0 ? 'The network is unreachable. Check the connection and try again.' : `Request failed (${status}).` },
  );
}

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const url = buildUrl(path, options.query);
  const headers = headersFor(options.body);
  const body =
    options.body === undefined ? undefined : options.body instanceof FormData || options.body instanceof Blob ? options.body : JSON.stringify(options.body);

  if (options.onUploadProgress) return xhr<T>(method, url, headers, body, options);

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e;
    throw toError(0, undefined);
  }
  const payload = parse(await response.text());
  if (!response.ok) {
    onUnauthenticated(response.status);
    throw toError(response.status, payload);
  }
  return payload as T;
}

function xhr<T>(method: string, url: string, headers: Record<string, string>, body: XMLHttpRequestBodyInit | undefined, options: RequestOptions): Promise<T> {
  return new Promise((resolve, reject) => {
    const x = new XMLHttpRequest();
    x.open(method, url);
    x.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) x.setRequestHeader(k, v);
    x.upload.onprogress = (e) => {
      if (e.lengthComputable) options.onUploadProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    x.onload = () => {
      const payload = parse(x.responseText);
      if (x.status >= 200 && x.status < 300) {
        options.onUploadProgress?.(100);
        resolve(payload as T);
      } else {
        onUnauthenticated(x.status);
        reject(toError(x.status, payload));
      }
    };
    x.onerror = () => reject(toError(0, undefined));
    options.signal?.addEventListener('abort', () => x.abort());
    x.send(body ?? null);
  });
}

/** A file the server answered a call with (a bulk print): its bytes, the name it gave, and the summary it sent. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
  /** The answer's `Result-Summary` header (percent-encoded text), read: "12 orders printed; 2 not: …". */
  summary: string | null;
}

/**
 * POSTs a JSON body and takes the answer as a file, with the same headers (CSRF token included) as
 * every call; a refusal arrives as JSON and is thrown as an ApiError like any call's.
 */
export async function download(path: string, body: unknown, fallbackName: string): Promise<DownloadedFile> {
  const headers = { ...headersFor(body), Accept: 'application/pdf, application/octet-stream, application/json' };
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body ?? {}), credentials: 'include' });
  } catch {
    throw toError(0, undefined);
  }
  if (!response.ok) {
    onUnauthenticated(response.status);
    throw toError(response.status, parse(await response.text()));
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const summary = response.headers.get('result-summary');
  let text: string | null = null;
  try {
    text = summary === null ? null : decodeURIComponent(summary);
  } catch {
    text = summary;
  }
  return { blob: await response.blob(), fileName: named ?? fallbackName, summary: text };
}

/** Hands a downloaded file to the browser to save, as a link with `download` would. */
export function saveFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed after, not before.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => request<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string, body?: unknown) => request<T>(path, { method: 'DELETE', body }),
};
