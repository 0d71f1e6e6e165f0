import type { APIRoute } from 'astro';
import { json } from '@/lib/http/api.server.ts';
import { openApiDocument } from '@/app/openapi/openapi.ts';

/** GET /api/openapi.json: the OpenAPI 3.1 document for integrators. */
export const GET: APIRoute = ({ url }) => json(openApiDocument(url.origin));
