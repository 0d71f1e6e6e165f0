/**
 * A file as an HTTP answer (a CSV export, a PDF): its type and a `Content-Disposition` whose
 * file name is safe in any browser (letters, digits, `.`, `-` and `_` only).
 */
export function fileResponse(
  body: BodyInit,
  file: { type: string; name: string; disposition?: 'attachment' | 'inline'; headers?: Record<string, string> },
): Response {
  return new Response(body, {
    headers: {
      'content-type': file.type,
      'content-disposition': `${file.disposition ?? 'attachment'}; filename="${file.name.replace(/[^\w.-]/g, '_')}"`,
      ...file.headers,
    },
  });
}
