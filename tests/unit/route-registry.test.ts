/**
 * The route registry is the single list of who may open what. A page or endpoint file with no
 * declaration, or a declaration with no file, fails here.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { matchRoute, routes, samplePath } from '../../src/app/routes/registry.ts';
import { AREAS } from '../../src/app/areas/areas.ts';
import { areaApiRoutes } from '../../src/lib/areas/area-routes.ts';

const PAGES = join(process.cwd(), 'src/pages');
const ROUTE_EXTENSIONS = /\.(astro|ts|js|mjs|md|mdx|html)$/;
/** Astro's own error pages: rendered by Astro for unknown paths and errors, not reached by declared routes. */
const ASTRO_SPECIAL = new Set(['/404', '/500']);

interface PageFile {
  file: string;
  /** `/brands/:/edit`-style shape: parameter names don't matter for matching. */
  shape: string;
  pattern: string;
  catchAll: boolean;
  /** An `src/pages/api/[area]/…` file, expanded to one entry per area. */
  sharedByAreas?: boolean;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    // Astro ignores files and folders starting with an underscore.
    if (name.startsWith('_')) return [];
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listFiles(full) : ROUTE_EXTENSIONS.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function toPageFile(full: string): PageFile {
  const rel = relative(PAGES, full).split(sep).join('/').replace(ROUTE_EXTENSIONS, '');
  const segments = rel.split('/').filter((s, i, all) => !(s === 'index' && i === all.length - 1));
  const pattern = '/' + segments.map((s) => s.replace(/^\[(?!\.\.\.)(.+)\]$/, ':$1')).join('/');
  return { file: relative(process.cwd(), full), pattern, shape: shapeOf(pattern), catchAll: segments.some((s) => s.startsWith('[...')) };
}

function shapeOf(pattern: string): string {
  return pattern.replace(/:[^/]+/g, ':').replace(/\/+$/, '') || '/';
}

/**
 * `src/pages/api/[area]/…` serves every declared area: one route file per area key. A call only
 * some declarations switch on (`reorder`, a Markdown field's preview, a bulk status for an area
 * with a `statusField`) counts for those areas.
 */
const OPTIONAL_AREA_CALLS = [
  '/api/:area/reorder',
  '/api/:area/markdown-preview',
  '/api/:area/bulk-status',
  // Only areas whose permission area has a delete action (customers have none).
  '/api/:area/bulk-delete',
  '/api/:area/:id/delete-check',
];
function expandAreaFiles(p: PageFile): PageFile[] {
  if (!p.pattern.startsWith('/api/:area')) return [p];
  const optional = OPTIONAL_AREA_CALLS.includes(p.pattern);
  return AREAS.flatMap((a) => {
    const pattern = p.pattern.replace('/api/:area', `/api/${a.key}`);
    if (optional && !areaApiRoutes(a).some((r) => r.pattern === pattern)) return [];
    return [{ ...p, pattern, shape: shapeOf(pattern), sharedByAreas: true }];
  });
}

const pageFiles = listFiles(PAGES).map(toPageFile).flatMap(expandAreaFiles);
const routeFiles = pageFiles.filter((p) => !p.catchAll);
const byShape = new Map<string, PageFile[]>();
for (const p of routeFiles) byShape.set(p.shape, [...(byShape.get(p.shape) ?? []), p]);
/** A path may have several entries (one per method, each with its own permission): merge their methods. */
const declared = new Map<string, { methods: string[] }>();
for (const r of routes) {
  const shape = shapeOf(r.pattern);
  declared.set(shape, { methods: [...(declared.get(shape)?.methods ?? []), ...r.methods] });
}

describe('route registry ↔ src/pages', () => {
  it('finds the page files', () => {
    expect(routeFiles.length).toBeGreaterThan(3);
  });

  it('declares every page and endpoint file', () => {
    const undeclared = routeFiles.filter((p) => !declared.has(p.shape) && !ASTRO_SPECIAL.has(p.pattern)).map((p) => `${p.file} (${p.pattern})`);
    expect(undeclared, 'add these routes to src/app/routes/registry.ts').toEqual([]);
  });

  it('has a page file for every built (non-planned) route', () => {
    const missing = routes.filter((r) => !r.planned && !byShape.has(shapeOf(r.pattern))).map((r) => r.pattern);
    expect(missing, 'declared as built but no file under src/pages').toEqual([]);
  });

  it('has no page file for a planned route (drop `planned` once the page is built)', () => {
    const built = routes.filter((r) => r.planned && byShape.has(shapeOf(r.pattern))).map((r) => r.pattern);
    expect(built).toEqual([]);
  });

  it('has at most one file per route', () => {
    const twice = [...byShape.values()].filter((files) => new Set(files.map((f) => f.file)).size > 1).map((files) => files.map((f) => f.file).join(' + '));
    expect(twice).toEqual([]);
  });

  it('declares exactly the methods each endpoint file exports', () => {
    const problems: string[] = [];
    for (const p of routeFiles.filter((f) => /\.(ts|js|mjs)$/.test(f.file))) {
      const route = declared.get(p.shape);
      if (!route) continue;
      const source = readFileSync(join(process.cwd(), p.file), 'utf8');
      const exported = new Set([...source.matchAll(/export\s+(?:const|async\s+function|function)\s+(GET|POST|PUT|PATCH|DELETE|ALL)\b/g)].map((m) => m[1]!));
      if (exported.has('ALL')) continue;
      const methods = new Set<string>(route.methods);
      for (const m of methods) if (!exported.has(m)) problems.push(`${p.file}: declares ${m} but exports no ${m} handler`);
      // One file serves every area: an area without an action (a DELETE where the catalogue has no
      // delete) leaves that handler undeclared for it, and the guard answers 405 before it.
      if (p.sharedByAreas) continue;
      for (const m of exported) if (!methods.has(m)) problems.push(`${p.file}: exports ${m} but the registry does not declare it`);
    }
    expect(problems).toEqual([]);
  });
});

describe('route registry entries', () => {
  it('declares each pattern and method once', () => {
    const keys = routes.flatMap((r) => r.methods.map((m) => `${m} ${shapeOf(r.pattern)}`));
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('gives each route at least one method, and GET or nothing for pages only when sensible', () => {
    for (const r of routes) {
      expect(r.methods.length, r.pattern).toBeGreaterThan(0);
      if (r.kind === 'page') expect(r.methods, r.pattern).toContain('GET');
    }
  });

  it('gives each page a title', () => {
    expect(routes.filter((r) => r.kind === 'page' && !r.title).map((r) => r.pattern)).toEqual([]);
  });

  it("maps every route's sample path back to that route", () => {
    for (const r of routes) {
      expect(samplePath(r), r.pattern).not.toContain(':');
      expect(matchRoute(samplePath(r), r.methods[0])?.route, r.pattern).toBe(r);
    }
  });

  it('marks only vendor routes, and their APIs, as reachable during onboarding… and every onboarding route needs a sign-in', () => {
    for (const r of routes.filter((x) => x.onboarding)) {
      // 'staff': the two-factor setup a staff member whose role requires 2FA is sent to.
      expect(['auth', 'vendor', 'staff'], r.pattern).toContain(r.access.kind);
    }
    expect(routes.filter((x) => x.onboarding && x.access.kind === 'staff').map((x) => x.pattern)).toEqual(['/profile/two-factor']);
  });
});

describe('matchRoute', () => {
  const pattern = (path: string) => matchRoute(path)?.route.pattern;

  it('matches literal paths', () => {
    expect(pattern('/dashboard')).toBe('/dashboard');
    expect(pattern('/auth/login')).toBe('/auth/login');
    expect(pattern('/')).toBe('/');
  });

  it('ignores a trailing slash', () => {
    expect(pattern('/dashboard/')).toBe('/dashboard');
    expect(pattern('/profile/update-password//')).toBe('/profile/update-password');
  });

  it('fills parameters', () => {
    expect(matchRoute('/brands/42/edit')).toMatchObject({ route: { pattern: '/brands/:id/edit' }, params: { id: '42' } });
    expect(matchRoute('/user/permissions/7')).toMatchObject({ params: { user: '7' } });
  });

  it('decodes parameters', () => {
    expect(matchRoute('/orders/a%20b/details')?.params).toEqual({ id: 'a b' });
  });

  it('prefers literal segments over parameters', () => {
    expect(pattern('/wishlists/listing')).toBe('/wishlists/listing');
    expect(matchRoute('/wishlists/9')).toMatchObject({ route: { pattern: '/wishlists/:wishlist' }, params: { wishlist: '9' } });
  });

  it('matches nothing for unknown paths, other lengths or other cases', () => {
    expect(matchRoute('/no/such/page')).toBeUndefined();
    expect(matchRoute('/dashboard/extra')).toBeUndefined();
    expect(matchRoute('/Dashboard')).toBeUndefined();
    expect(matchRoute('/brands/1/edit/more')).toBeUndefined();
  });

  it('does not throw on malformed percent-encoding', () => {
    expect(() => matchRoute('/orders/%E0%A4%A/details')).not.toThrow();
    expect(matchRoute('/orders/%E0%A4%A/details')).toBeUndefined();
  });

  it('samplePath uses the declared samples, else 1', () => {
    expect(samplePath({ pattern: '/a/:id/b/:x', kind: 'page', methods: ['GET'], access: { kind: 'auth' }, sample: { id: '5' } })).toBe('/a/5/b/1');
  });
});
