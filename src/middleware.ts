/**
 * Every request passes here, in this order:
 *   1. request id + JSON log line            4. CSRF check on unsafe methods
 *   2. boot (config, database, migrations)   5. route guard from the registry (401/403/302/404/405)
 *   3. session → principal → CASL ability    6. security headers on the way out
 * See docs/architecture.md for the picture.
 */
// First: checks the configuration and opens the database as the app loads, and stops it on a signal.
import { booted } from './app/startup.server.ts';
import { defineMiddleware } from 'astro:middleware';
import type { APIContext, MiddlewareNext } from 'astro';
import { randomUUID } from 'node:crypto';
import { db } from './lib/boot.server.ts';
import { config, ConfigError } from './lib/config.server.ts';
import { logger } from './lib/log.server.ts';
import { SESSION_COOKIE, findSession, destroySession, isSessionLive, sessionStillExists } from './lib/auth/session.server.ts';
import { aroundWrite, cachedIdentity, identityGeneration, rememberIdentity } from './lib/auth/principal-cache.server.ts';
import { aroundAppWrite } from './lib/db/app-writes.server.ts';
import { sha256 } from './lib/security/tokens.server.ts';
import { loadPrincipal, isVendorProfileComplete, mustSetUpTwoFactor, type Principal } from './lib/auth/principal.server.ts';
import { canDo } from './lib/permissions/ability.ts';
import { abilityOf } from './lib/permissions/scope.server.ts';
import {
  CSRF_COOKIE,
  CSRF_FIELD,
  CSRF_HEADER,
  SAFE_METHODS,
  isCsrfTokenValid,
  issueCsrfToken,
  maskCsrfToken,
  unmaskCsrfToken,
} from './lib/auth/csrf.server.ts';
import { compressResponse } from './lib/http/compression.server.ts';
import { clientIp, isHttps } from './lib/http/request-client.server.ts';
import { counted } from './lib/http/in-flight.server.ts';
import { allowedMethods, matchRoute } from './app/routes/registry.ts';
import { accessPermissions, type CompiledRoute } from './lib/routes/route.ts';
import { errorResponse, toErrorResponse } from './lib/http/api.server.ts';
import { THEME_COOKIE, parseThemeCookie } from './lib/theme/theme.ts';
import { authenticateStorefront } from './features/orders/storefront-keys.server.ts';

const ONBOARDING_START = '/vendor/store-setup';
const TWO_FACTOR_SETUP = '/profile/two-factor';

/** Is the answer for a browser page (HTML) rather than the JSON API? */
function wantsHtml(context: APIContext, route: CompiledRoute | undefined): boolean {
  if (route) return route.kind === 'page';
  if (context.url.pathname.startsWith('/api/')) return false;
  return (context.request.headers.get('accept') ?? '').includes('text/html') || context.request.method === 'GET';
}

async function loadIdentity(context: APIContext): Promise<void> {
  const locals = context.locals;
  locals.session = null;
  locals.principal = null;
  locals.realPrincipal = null;
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  if (!token) return;
  // A few seconds' cache of the three or four queries below (src/lib/auth/principal-cache.server.ts).
  const key = token.length <= 100 ? sha256(token) : '';
  const hit = key ? cachedIdentity(key) : undefined;
  if (hit && isSessionLive(hit.session) && (await sessionStillExists(db(), key))) {
    locals.session = hit.session;
    locals.realPrincipal = hit.real;
    locals.principal = hit.effective;
    return;
  }
  const seen = identityGeneration();
  const session = await findSession(db(), token);
  if (!session) {
    context.cookies.delete(SESSION_COOKIE, { path: '/' });
    return;
  }
  const real = await loadPrincipal(db(), session.userId);
  if (!real) {
    await destroySession(db(), session.id);
    context.cookies.delete(SESSION_COOKIE, { path: '/' });
    return;
  }
  let effective: Principal = real;
  if (session.impersonatedUserId) {
    effective = (await loadPrincipal(db(), session.impersonatedUserId)) ?? real;
  }
  locals.session = session;
  locals.realPrincipal = real;
  locals.principal = effective;
  if (key) rememberIdentity(key, { session, real, effective }, seen, config().PERMISSION_CACHE_SECONDS);
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/**
 * Astro's checkOrigin rule, answered in our error shape: a form-type body must come with an Origin
 * equal to ours; any other body may omit Origin (non-browser clients) but must not name another one.
 */
function isSameOrigin(context: APIContext): boolean {
  const origin = context.request.headers.get('origin');
  const allowed = new Set([context.url.origin]);
  const publicUrl = config().PUBLIC_URL;
  if (publicUrl) allowed.add(new URL(publicUrl).origin);
  if (origin) return allowed.has(origin);
  const type = (context.request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  return !FORM_TYPES.has(type);
}

async function submittedCsrfToken(request: Request): Promise<string | null> {
  const header = request.headers.get(CSRF_HEADER);
  if (header) return header;
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') return null;
  // No-JavaScript forms carry the token as a hidden field.
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > config().MAX_UPLOAD_BYTES * 2) return null;
  try {
    const value = (await request.clone().formData()).get(CSRF_FIELD);
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

function guard(context: APIContext, route: CompiledRoute | undefined, html: boolean): Response | Promise<Response> | undefined {
  const { principal } = context.locals;
  const path = context.url.pathname;
  if (!route) {
    // Unknown API paths answer JSON; unknown pages fall through to src/pages/404.astro.
    return path.startsWith('/api/') ? errorResponse(404, { message: 'Not found.' }) : undefined;
  }
  const method = context.request.method === 'HEAD' ? 'GET' : context.request.method;
  if (!route.methods.includes(method as never)) {
    return errorResponse(405, { message: `${context.request.method} is not allowed here.` }, { allow: allowedMethods(route.pattern).join(', ') });
  }
  const access = route.access;
  if (access.kind === 'public') return undefined;
  if (access.kind === 'guest') {
    return principal ? context.redirect('/dashboard', 302) : undefined;
  }
  if (!principal) {
    if (!html) return errorResponse(401, { message: 'Unauthenticated.' });
    const next = method === 'GET' && path !== '/dashboard' ? `?next=${encodeURIComponent(path + context.url.search)}` : '';
    return context.redirect(`/auth/login${next}`, 302);
  }
  if (!isVendorProfileComplete(principal) && !route.onboarding) {
    // A vendor who has not finished store setup is sent there on every navigation.
    if (html) return context.redirect(ONBOARDING_START, 302);
    return errorResponse(403, { message: 'Finish your store setup first.' });
  }
  // The person signed in (not whom they impersonate) must turn on 2FA when a role of theirs requires it.
  const real = context.locals.realPrincipal;
  if (real && mustSetUpTwoFactor(real) && !route.onboarding) {
    if (html) return context.redirect(TWO_FACTOR_SETUP, 302);
    return errorResponse(403, { message: 'Turn on two-factor sign-in first.' });
  }
  if (access.kind === 'vendor' && principal.user.userType !== 'vendor') return forbiddenFor(context, html);
  if (access.kind === 'staff' && principal.user.userType !== 'staff') return forbiddenFor(context, html);
  if (access.kind === 'permission' && !accessPermissions(access).every((p) => context.locals.can(p))) return forbiddenFor(context, html);
  return undefined;
}

function forbiddenFor(context: APIContext, html: boolean): Response | Promise<Response> {
  if (!html) return errorResponse(403, { message: 'This action is unauthorized.' });
  // The 403 page is a real page (src/pages/403.astro) that sets its own status, and names the page refused.
  context.locals.refused = context.locals.route;
  return context.rewrite('/403');
}

function securityHeaders(response: Response, context: APIContext): Response {
  let headers: Headers;
  try {
    response.headers.set('x-request-id', context.locals.requestId);
    headers = response.headers;
  } catch {
    // Some responses (Response.redirect) have immutable headers: copy them.
    response = new Response(response.body, response);
    headers = response.headers;
    headers.set('x-request-id', context.locals.requestId);
  }
  // Astro adds script-src/style-src hashes in a <meta>; these directives can only travel in a header.
  const csp = headers.get('content-security-policy');
  headers.set(
    'content-security-policy',
    csp ? `${csp.replace(/[;\s]+$/, '')}; frame-ancestors 'none'` : "frame-ancestors 'none'; object-src 'none'; base-uri 'none'; form-action 'self'",
  );
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('x-frame-options', 'DENY');
  headers.set('cross-origin-opener-policy', 'same-origin');
  headers.set('permissions-policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()');
  // Signed-in answers are personal: never cached, unless a route chose otherwise (immutable uploads).
  if ((context.locals.session || context.url.pathname.startsWith('/api/')) && !headers.has('cache-control')) headers.set('cache-control', 'no-store');
  if (isHttps(context)) headers.set('strict-transport-security', 'max-age=31536000; includeSubDomains');
  return response;
}

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  await booted();
  // Whatever an unsafe request changes (roles, users, sessions), the next request sees it.
  return SAFE_METHODS.has(context.request.method) ? handleRequest(context, next) : aroundWrite(() => aroundAppWrite(() => handleRequest(context, next)));
}

/**
 * The locals of a route no back-office session reaches (the storefront API, a gateway's webhook): no
 * principal, no abilities, no CSRF token; a method the route does not declare is a 405.
 */
function withoutSession(context: APIContext, route: CompiledRoute): Response | null {
  const locals = context.locals;
  locals.session = null;
  locals.principal = null;
  locals.realPrincipal = null;
  locals.ability = abilityOf(null);
  locals.can = () => false;
  locals.route = route;
  locals.theme = parseThemeCookie(undefined);
  locals.csrfToken = '';
  const method = context.request.method === 'HEAD' ? 'GET' : context.request.method;
  if (!route.methods.includes(method as never)) {
    return errorResponse(405, { message: `${context.request.method} is not allowed here.` }, { allow: allowedMethods(route.pattern).join(', ') });
  }
  return null;
}

/**
 * The storefront API (issue 17 §1): an API key with the route's scope, and nothing of the
 * back-office: a request carrying a session cookie is refused whether or not the session is live,
 * and there is no CSRF check (CSRF forges a browser's cookie; these routes take no cookie).
 */
async function handleStorefront(context: APIContext, next: MiddlewareNext, route: CompiledRoute, scope: 'read-catalogue' | 'write-orders'): Promise<Response> {
  const locals = context.locals;
  const refused = withoutSession(context, route);
  if (refused) return refused;
  if (context.cookies.get(SESSION_COOKIE)?.value) {
    locals.log.warn({ path: context.url.pathname }, 'back-office session refused on the storefront API');
    return errorResponse(403, { message: 'The storefront API takes a storefront API key, never a back-office session.' });
  }
  const key = await authenticateStorefront(db(), context.request, scope);
  locals.storefrontKey = key;
  locals.actor = { realUserId: null, impersonatedUserId: null, ip: clientIp(context), userAgent: `storefront key "${key.name}" (#${key.id})` };
  locals.log.info({ path: context.url.pathname, method: context.request.method, storefrontKey: key.name, storefrontKeyId: key.id }, 'storefront key used');
  return next();
}

/**
 * A payment gateway's webhook (decision 042): no session is read (a cookie that comes along is
 * ignored) and no CSRF token is asked for; the endpoint checks the body's signature.
 */
async function handleWebhook(context: APIContext, next: MiddlewareNext, route: CompiledRoute, provider: string): Promise<Response> {
  const locals = context.locals;
  const refused = withoutSession(context, route);
  if (refused) return refused;
  locals.actor = { realUserId: null, impersonatedUserId: null, ip: clientIp(context), userAgent: `${provider} webhook` };
  return next();
}

async function handleRequest(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const locals = context.locals;
  const matched = matchRoute(context.url.pathname, context.request.method)?.route;
  if (matched?.access.kind === 'storefront') return handleStorefront(context, next, matched, matched.access.scope);
  if (matched?.access.kind === 'webhook') return handleWebhook(context, next, matched, matched.access.provider);
  await loadIdentity(context);
  const p = locals.principal;
  locals.ability = abilityOf(p);
  locals.can = (permission) => canDo(locals.ability, permission);
  locals.actor = {
    realUserId: locals.realPrincipal?.user.id ?? null,
    impersonatedUserId: locals.session?.impersonatedUserId ?? null,
    ip: clientIp(context),
    userAgent: context.request.headers.get('user-agent'),
  };
  locals.theme = parseThemeCookie(context.cookies.get(THEME_COOKIE)?.value);

  const secret = config().sessionSecret;
  const sessionId = locals.session?.id ?? null;
  const cookieToken = context.cookies.get(CSRF_COOKIE)?.value;
  const route = matched;
  locals.route = route;
  const html = wantsHtml(context, route);

  if (!SAFE_METHODS.has(context.request.method)) {
    if (!isSameOrigin(context)) {
      locals.log.warn({ path: context.url.pathname, origin: context.request.headers.get('origin') }, 'cross-site request refused');
      return errorResponse(403, { message: 'Cross-site requests are forbidden.' });
    }
    // Pages carry the token masked (BREACH); islands and API clients send the cookie's value as is.
    const submitted = unmaskCsrfToken(await submittedCsrfToken(context.request));
    const ok = Boolean(cookieToken) && submitted === cookieToken && isCsrfTokenValid(secret, sessionId, submitted);
    if (!ok) {
      locals.log.warn({ path: context.url.pathname }, 'csrf token refused');
      return errorResponse(419, { message: 'CSRF token mismatch. Reload the page and try again.' });
    }
  }
  // Keep a token bound to the current session in the cookie; islands read it from there.
  const csrfToken = cookieToken && isCsrfTokenValid(secret, sessionId, cookieToken) ? cookieToken : issueCsrfToken(secret, sessionId);
  if (csrfToken !== cookieToken) {
    context.cookies.set(CSRF_COOKIE, csrfToken, { path: '/', sameSite: 'lax', secure: isHttps(context), httpOnly: false });
  }
  // What pages write into forms: masked afresh for each use, as pages are compressed (BREACH).
  // A getter, so JSON answers, which never show it, don't pay for the random mask.
  // (A page that issues a new token, at sign-in, sets it: it then stays as set.)
  Object.defineProperty(locals, 'csrfToken', {
    get: () => maskCsrfToken(csrfToken),
    set: (value: string) => Object.defineProperty(locals, 'csrfToken', { value, writable: true, configurable: true, enumerable: true }),
    configurable: true,
    enumerable: true,
  });

  const blocked = await guard(context, route, html);
  if (blocked) return blocked;
  return next();
}

export const onRequest = defineMiddleware(async (context, next) => {
  const started = performance.now();
  const incoming = context.request.headers.get('x-request-id');
  const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  context.locals.requestId = requestId;
  let log;
  try {
    log = logger().child({ requestId });
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  context.locals.log = log;
  let response: Response;
  try {
    response = await counted(() => handle(context, next));
  } catch (error) {
    response = toErrorResponse(error, context);
  }
  response = securityHeaders(response, context);
  response = compressResponse(context.request, response);
  log.info(
    {
      method: context.request.method,
      path: context.url.pathname,
      status: response.status,
      ms: Math.round(performance.now() - started),
      user: context.locals.realPrincipal?.user.id,
    },
    'request',
  );
  return response;
});
