/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    log: import('pino').Logger;
    /** The session row, when signed in. */
    session: import('./lib/auth/session.server').SessionRow | null;
    /** Who the request acts as: the impersonated user while impersonating, else the signed-in user. */
    principal: import('./lib/auth/principal.server').Principal | null;
    /** The person who actually signed in. */
    realPrincipal: import('./lib/auth/principal.server').Principal | null;
    ability: import('./lib/permissions/ability').AppAbility;
    can: (permission: string) => boolean;
    actor: import('./lib/activity/activity.server').Actor;
    csrfToken: string;
    theme: import('./lib/theme/theme').ThemeConfig;
    route: import('./lib/routes/route').CompiledRoute | undefined;
    /** The page the guard refused, for the 403 page to name (the request is rewritten to /403). */
    refused?: import('./lib/routes/route').CompiledRoute;
    /** The storefront API key of a /api/storefront/v1 request (the middleware checked it and its scope). */
    storefrontKey?: import('./features/orders/storefront-keys.server').StorefrontKey;
  }
}
