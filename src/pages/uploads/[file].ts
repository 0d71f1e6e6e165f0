import type { APIRoute } from 'astro';
import { uploads } from '@/lib/uploads/storage.server.ts';
import { errorResponse } from '@/lib/http/api.server.ts';

/** Serves stored uploads with their real content type, nosniff, and no chance of being run as a page. */
export const GET: APIRoute = async ({ params }) => {
  const file = await uploads().get(params.file ?? '');
  if (!file) return errorResponse(404, { message: 'Not found.' });
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': file.mime,
      'content-length': String(file.bytes.byteLength),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=31536000, immutable',
      'content-disposition': 'inline',
    },
  });
};
