/**
 * THE ROUTE MATRIX, generated from the route registry (src/app/routes/registry.ts):
 * every declared route × method × (guest + each demo account) is requested over real HTTP, and the
 * status must be what the access rules imply. A new route is covered the moment it is declared.
 *
 * Expectations come from the registry and each account's abilities as GET /api/user reports them:
 *   guest on auth/permission/vendor routes   → pages 302 /auth/login, APIs 401
 *   signed in on guest-only routes           → 302 /dashboard
 *   vendor with store setup unfinished       → pages 302 /vendor/store-setup, APIs 403 (unless onboarding)
 *   staff on vendor-only routes              → 403 (and vendors on staff-only routes)
 *   lacking the permission                   → 403
 *   allowed, planned                         → 501 (the honest "not built yet" page)
 *   storefront API (/api/storefront/v1)      → guest without a key 401, any session 403
 *   allowed                                  → no 401/403/405/419/5xx: 200, a redirect, 404 for a missing
 *                                              sample record, 400/409/415/422 for the empty body
 * Unsafe methods carry a valid CSRF token and the JSON body `{}`. Whenever such a request may get past
 * the guard it runs in a throwaway session, so logouts, impersonation and the like touch nothing else.
 */
import { beforeAll, describe, it } from 'vitest';
import { useServer } from '../helpers/vitest-server.ts';
import { DEMO_ACCOUNTS, type DemoAccount, type HttpClient } from '../helpers/http.ts';
import { routes, samplePath } from '../../src/app/routes/registry.ts';
import type { CompiledRoute, Method } from '../../src/lib/routes/route.ts';

const app = useServer();

type Actor = 'guest' | DemoAccount;
const ACTORS: Actor[] = ['guest', ...DEMO_ACCOUNTS];
const UNSAFE = new Set<Method>(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Profile {
  abilities: Set<string>;
  userType: 'staff' | 'vendor';
  onboarded: boolean;
}

type Expectation =
  { kind: 'redirect'; to: string; why: string } | { kind: 'status'; status: number; why: string } | { kind: 'allowed'; planned: boolean; why: string };

/** The rules of the middleware's guard, restated from the registry. */
function expectationFor(route: CompiledRoute, profile: Profile | null): Expectation {
  const access = route.access;
  const page = route.kind === 'page';
  if (access.kind === 'public') return { kind: 'allowed', planned: Boolean(route.planned), why: 'public' };
  // The storefront API takes a key, never a session: without a key 401; with a session cookie 403.
  if (access.kind === 'storefront') {
    return profile
      ? { kind: 'status', status: 403, why: 'storefront API refuses a session' }
      : { kind: 'status', status: 401, why: 'storefront API needs a key' };
  }
  // A gateway's webhook reads no session: unsigned, it is a 400 for anyone.
  if (access.kind === 'webhook') return { kind: 'status', status: 400, why: 'webhook without a signature' };
  if (access.kind === 'guest') {
    return profile
      ? { kind: 'redirect', to: '/dashboard', why: 'guest-only route, signed in' }
      : { kind: 'allowed', planned: Boolean(route.planned), why: 'guest-only route' };
  }
  if (!profile) return page ? { kind: 'redirect', to: '/auth/login', why: 'needs sign-in' } : { kind: 'status', status: 401, why: 'needs sign-in' };
  if (!profile.onboarded && !route.onboarding) {
    return page
      ? { kind: 'redirect', to: '/vendor/store-setup', why: 'store setup unfinished' }
      : { kind: 'status', status: 403, why: 'store setup unfinished' };
  }
  if (access.kind === 'vendor' && profile.userType !== 'vendor') return { kind: 'status', status: 403, why: 'vendors only' };
  if ((access.kind as string) === 'staff' && profile.userType !== 'staff') return { kind: 'status', status: 403, why: 'staff only' };
  const needed = access.kind === 'permission' ? [access.permission, ...(access.also ?? [])] : [];
  const lacking = needed.filter((p) => !profile.abilities.has(p));
  if (lacking.length) return { kind: 'status', status: 403, why: `lacks ${lacking.join(', ')}` };
  return { kind: 'allowed', planned: Boolean(route.planned), why: needed.length ? `has ${needed.join(', ')}` : access.kind };
}

/** What an allowed request may answer (apart from planned routes, which answer 501). */
function allowedStatuses(route: CompiledRoute, method: Method): number[] {
  // These two pages exist to show exactly that status.
  if (route.pattern === '/403') return [403];
  if (route.pattern === '/404') return [404];
  if (!UNSAFE.has(method)) return [200, 302, 303, 404];
  return [200, 201, 202, 204, 302, 303, 400, 404, 409, 415, 422];
}

const profiles = new Map<Actor, Profile | null>([['guest', null]]);
const shared = new Map<Actor, HttpClient>();

beforeAll(async () => {
  const guest = app.client();
  await guest.ensureCsrf();
  shared.set('guest', guest);
  for (const account of DEMO_ACCOUNTS) {
    const client = await app.as(account);
    const me = await client.getJson('/api/user');
    if (me.status !== 200) throw new Error(`GET /api/user as ${account} answered ${me.status}`);
    shared.set(account, client);
    profiles.set(account, {
      abilities: new Set(me.body.abilities),
      userType: me.body.user_type,
      onboarded: me.body.vendor_profile_complete !== false,
    });
  }
}, 120_000);

/** A client for one request: the shared one, or a throwaway session when the request may change state. */
async function clientFor(actor: Actor, method: Method, expectation: Expectation): Promise<HttpClient> {
  const mayChangeState = UNSAFE.has(method) && expectation.kind === 'allowed';
  if (!mayChangeState) return shared.get(actor)!;
  if (actor === 'guest') {
    const guest = app.client();
    await guest.ensureCsrf();
    return guest;
  }
  return app.as(actor);
}

const rows = routes
  .flatMap((route) => route.methods.map((method) => ({ route, method, path: samplePath(route) + (route.sampleQuery ? `?${route.sampleQuery}` : '') })))
  // Safe requests first: the unsafe ones run in throwaway sessions anyway, but order keeps logs readable.
  .sort((a, b) => Number(UNSAFE.has(a.method)) - Number(UNSAFE.has(b.method)));

for (const actor of ACTORS) {
  describe.concurrent(`route matrix as ${actor}`, () => {
    for (const { route, method, path } of rows) {
      it(`${method} ${path}`, async ({ expect }) => {
        const expectation = expectationFor(route, profiles.get(actor)!);
        const client = await clientFor(actor, method, expectation);
        const accept = route.kind === 'page' ? 'text/html' : 'application/json';
        const response = UNSAFE.has(method)
          ? await client.request(method, path, { json: {}, headers: { accept } })
          : await client.request(method, path, { headers: { accept } });
        let body: string;
        try {
          // A stream that stays open (server-sent events) is judged by its status and headers.
          if (route.stream && response.status === 200) {
            expect(response.headers.get('content-type') ?? '', `${method} ${path}`).toMatch(/^text\/event-stream/);
            await response.body?.cancel();
            body = '';
          } else body = await response.text();
        } catch (error) {
          // Headers went out, then the server cut the stream: a rendering error mid-page.
          throw new Error(
            `${method} ${path} as ${actor}: the server answered ${response.status} and then cut the response (${(error as Error).message}). ` +
              `Server output:\n${app.server.output().slice(-1500)}`,
          );
        }
        const location = response.headers.get('location');
        const seen = `${method} ${path} as ${actor} (${expectation.why}) → ${response.status}${location ? ` → ${location}` : ''} ${body.slice(0, 200)}`;

        if (expectation.kind === 'redirect') {
          expect(response.status, seen).toBe(302);
          expect(new URL(location ?? '', 'http://x').pathname, seen).toBe(expectation.to);
        } else if (expectation.kind === 'status') {
          expect(response.status, seen).toBe(expectation.status);
          if (route.kind === 'api') {
            expect(response.headers.get('content-type') ?? '', seen).toMatch(/^application\/json/);
            expect(typeof JSON.parse(body).message, seen).toBe('string');
          }
        } else if (expectation.planned) {
          expect(response.status, seen).toBe(501);
          expect(response.headers.get('content-type') ?? '', seen).toMatch(/text\/html/);
        } else {
          expect(allowedStatuses(route, method), seen).toContain(response.status);
          if (route.kind === 'page' && response.status === 200) expect(response.headers.get('content-type') ?? '', seen).toMatch(/text\/html/);
          // An "allowed" redirect must not be a sign-in or onboarding bounce in disguise.
          if (location && route.access.kind !== 'public') {
            expect(new URL(location, 'http://x').pathname, seen).not.toBe('/auth/login');
            if (!route.onboarding) expect(new URL(location, 'http://x').pathname, seen).not.toBe('/vendor/store-setup');
          }
        }
      });
    }
  });
}

/** Every path answers 405 (with Allow) to a method it does not declare, before any access rule. */
describe.concurrent('route matrix: undeclared methods', () => {
  const byPath = new Map<string, { path: string; methods: Set<Method> }>();
  for (const { route, method, path } of rows) {
    const entry = byPath.get(route.pattern) ?? { path, methods: new Set<Method>() };
    entry.methods.add(method);
    byPath.set(route.pattern, entry);
  }
  for (const [pattern, { path, methods }] of byPath) {
    const other = (['PATCH', 'PUT', 'DELETE', 'POST'] as Method[]).find((m) => !methods.has(m));
    if (!other) continue;
    it(`${other} ${path} → 405`, async ({ expect }) => {
      const response = await shared.get('admin')!.request(other, path, { json: {} });
      await response.arrayBuffer();
      expect(response.status, `${other} ${pattern}`).toBe(405);
      const allow = (response.headers.get('allow') ?? '').split(/,\s*/);
      for (const m of methods) expect(allow, `${pattern} Allow`).toContain(m);
    });
  }
});
