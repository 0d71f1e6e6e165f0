/**
 * What a route declaration says: its path pattern, methods and who may open it. The declarations
 * themselves are the route registry (src/app/routes/registry.ts); the area kit (area-routes.ts)
 * derives an area's routes in this shape.
 */
import type { Permission } from '@/lib/permissions/catalogue.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Access =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Guests only: a signed-in user is sent to /dashboard. */
  | { kind: 'guest' }
  /** Any signed-in user. */
  | { kind: 'auth' }
  /** Signed-in vendor accounts only (onboarding pages). */
  | { kind: 'vendor' }
  /** Signed-in staff accounts only (the API reference). */
  | { kind: 'staff' }
  /**
   * The permission, and every one of `also` (a page the spec's menu shows with another area's
   * permission: Promotions needs `rbac:list` beside `promotions:list`, decision 057).
   */
  | { kind: 'permission'; permission: Permission; also?: Permission[] }
  /**
   * The storefront API (/api/storefront/v1/…): a storefront API key with this scope, never a
   * back-office session (refused when its cookie comes along), no CSRF (no cookie to forge with).
   */
  | { kind: 'storefront'; scope: 'read-catalogue' | 'write-orders' }
  /**
   * A payment gateway's webhook (/api/webhooks/…): server to server, authenticated by the body's
   * signature, which the endpoint checks; no session is read and there is no CSRF check.
   */
  | { kind: 'webhook'; provider: 'razorpay' };

export interface RouteDef {
  /** `/brands/:id/edit` style. */
  pattern: string;
  kind: 'page' | 'api';
  methods: Method[];
  access: Access;
  /** Declared by the spec but not built yet: answers 501 with an honest page. */
  planned?: boolean;
  /**
   * Reachable by a vendor whose store setup is not finished, and by a staff member who must still
   * turn on two-factor sign-in (their role requires it).
   */
  onboarding?: boolean;
  title?: string;
  /**
   * Answers a stream that stays open while the client listens (server-sent events): clients read it
   * as it comes; the route tests read its status and headers, then let it go.
   */
  stream?: boolean;
  /** Configured breadcrumb (spec §2); otherwise derived from the path. The registry configures every page's. */
  breadcrumb?: string[];
  /** The page one level up (its pattern, no `:params`): the breadcrumb's link before this page's own crumb. */
  parent?: string;
  /** Values for `:params`, used by the matrix test. */
  sample?: Record<string, string>;
  /** A query string the matrix test sends, for a GET that needs one (`state_id=1`). */
  sampleQuery?: string;
}

export interface CompiledRoute extends RouteDef {
  segments: string[];
}

/** Every permission an access needs (none for the other kinds): the guard, the shell and the search check them all. */
export const accessPermissions = (access: Access): Permission[] => (access.kind === 'permission' ? [access.permission, ...(access.also ?? [])] : []);
