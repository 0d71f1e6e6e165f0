/**
 * A small HTTP client that behaves like the browser towards the server: it keeps a cookie jar,
 * never follows redirects (tests assert them), sends the Origin header on unsafe requests and the
 * X-XSRF-TOKEN header from the XSRF-TOKEN cookie. CSRF stays on in every test; this client does
 * exactly what the real login form and the islands' HTTP client do.
 */

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const SESSION_COOKIE = 'bo_session';

export type DemoAccount = 'admin' | 'vendor' | 'newvendor' | 'support';

export const DEMO_CREDENTIALS: Record<DemoAccount, { email: string; password: string }> = {
  admin: { email: 'admin@example.com', password: 'Admin@12345' },
  vendor: { email: 'vendor@example.com', password: 'Vendor@12345' },
  newvendor: { email: 'newvendor@example.com', password: 'Vendor@12345' },
  support: { email: 'support@example.com', password: 'Support@12345' },
};

export const DEMO_ACCOUNTS = Object.keys(DEMO_CREDENTIALS) as DemoAccount[];

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestOptions {
  headers?: Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** Sent as multipart/form-data. */
  multipart?: FormData;
  /** Sent as is (set content-type yourself). */
  body?: BodyInit;
  /**
   * The X-XSRF-TOKEN header: by default the jar's XSRF-TOKEN cookie on unsafe methods.
   * `false` sends none; a string sends that value.
   */
  csrf?: boolean | string;
  /** The Origin header on unsafe methods: by default the server's own origin; `false` sends none. */
  origin?: string | false;
}

/** A parsed Set-Cookie line, for asserting attributes. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
  raw: string;
}

export function parseSetCookie(raw: string): SetCookie {
  const [pair, ...attrs] = raw.split(';');
  const eq = pair!.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
    if (key) attributes[key] = i === -1 ? true : attr.slice(i + 1).trim();
  }
  return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), attributes, raw };
}

export function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map(parseSetCookie);
}

export function findSetCookie(response: Response, name: string): SetCookie | undefined {
  return setCookies(response).find((c) => c.name === name);
}

export class HttpClient {
  readonly jar = new Map<string, string>();
  /** Sent as User-Agent on every request when set: a browser or device of its own. */
  userAgent: string | undefined;

  /** `baseUrl` may be a function so a client survives a server restart on another port. */
  constructor(private readonly base: string | (() => string)) {}

  get baseUrl(): string {
    return typeof this.base === 'string' ? this.base : this.base();
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name);
  }

  get csrfToken(): string | undefined {
    return this.jar.get(CSRF_COOKIE);
  }

  get sessionToken(): string | undefined {
    return this.jar.get(SESSION_COOKIE);
  }

  /** A new client with a copy of this jar (e.g. to replay an old session cookie). */
  clone(): HttpClient {
    const copy = new HttpClient(this.base);
    copy.userAgent = this.userAgent;
    for (const [k, v] of this.jar) copy.jar.set(k, v);
    return copy;
  }

  private store(response: Response): void {
    for (const c of setCookies(response)) {
      const maxAge = c.attributes['max-age'];
      const expires = c.attributes['expires'];
      const expired =
        (typeof maxAge === 'string' && Number(maxAge) <= 0) || (typeof expires === 'string' && Date.parse(expires) <= Date.now()) || c.value === '';
      if (expired) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers = new Headers(options.headers);
    const unsafe = UNSAFE.has(method.toUpperCase());
    if (this.userAgent && !headers.has('user-agent')) headers.set('user-agent', this.userAgent);
    if (this.jar.size && !headers.has('cookie')) {
      headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    if (unsafe) {
      if (options.origin !== false && !headers.has('origin')) headers.set('origin', options.origin ?? new URL(this.baseUrl).origin);
      const csrf = options.csrf ?? true;
      if (typeof csrf === 'string') headers.set('x-xsrf-token', csrf);
      else if (csrf && this.csrfToken) headers.set('x-xsrf-token', this.csrfToken);
    }
    let body: BodyInit | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
      if (!headers.has('accept')) headers.set('accept', 'application/json');
    } else if (options.form) {
      body = new URLSearchParams(options.form).toString();
      if (!headers.has('content-type')) headers.set('content-type', 'application/x-www-form-urlencoded');
    } else if (options.multipart) {
      body = options.multipart;
    }
    const init: RequestInit & { duplex?: 'half' } = { method, headers, body, redirect: 'manual' };
    // Node's fetch needs `duplex` for a streamed body (a body with no Content-Length).
    if (body instanceof ReadableStream) init.duplex = 'half';
    const response = await fetch(new URL(path, this.baseUrl), init);
    this.store(response);
    return response;
  }

  get(path: string, options?: RequestOptions) {
    return this.request('GET', path, options);
  }
  post(path: string, options?: RequestOptions) {
    return this.request('POST', path, options);
  }
  put(path: string, options?: RequestOptions) {
    return this.request('PUT', path, options);
  }
  patch(path: string, options?: RequestOptions) {
    return this.request('PATCH', path, options);
  }
  delete(path: string, options?: RequestOptions) {
    return this.request('DELETE', path, options);
  }

  /** GET then JSON body (asserting nothing): handy for `/api/user`. */
  async getJson<T = any>(path: string): Promise<{ status: number; body: T; response: Response }> {
    const response = await this.get(path, { headers: { accept: 'application/json' } });
    const text = await response.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text for the assertion message */
    }
    return { status: response.status, body, response };
  }

  /** Makes sure the jar holds an XSRF-TOKEN (as a browser would after loading any page). */
  async ensureCsrf(): Promise<string> {
    if (!this.csrfToken) await this.get('/auth/login');
    if (!this.csrfToken) throw new Error('The server set no XSRF-TOKEN cookie');
    return this.csrfToken;
  }

  /**
   * The real sign-in form: GET /auth/login (XSRF-TOKEN cookie), then POST the form with `_token`
   * and the Origin header. Answers the POST's response (303 on success, 422/429 on failure).
   */
  async submitLogin(email: string, password: string, extra: Record<string, string> = {}): Promise<Response> {
    const page = await this.get('/auth/login');
    await page.arrayBuffer();
    const token = this.csrfToken;
    if (!token) throw new Error('GET /auth/login set no XSRF-TOKEN cookie');
    return this.post('/auth/login', { form: { _token: token, email, password, ...extra }, csrf: false });
  }

  /** Signs in as a demo account and fails loudly if that does not work. */
  async login(account: DemoAccount | { email: string; password: string }): Promise<Response> {
    const { email, password } = typeof account === 'string' ? DEMO_CREDENTIALS[account] : account;
    const response = await this.submitLogin(email, password);
    if (response.status !== 303 || !this.sessionToken) {
      const text = await response.text().catch(() => '');
      throw new Error(`Sign-in as ${email} failed: ${response.status} ${text.slice(0, 300)}`);
    }
    await response.arrayBuffer();
    return response;
  }
}

/** A signed-in client for a demo account. */
export async function signedIn(base: string | (() => string), account: DemoAccount): Promise<HttpClient> {
  const client = new HttpClient(base);
  await client.login(account);
  return client;
}
