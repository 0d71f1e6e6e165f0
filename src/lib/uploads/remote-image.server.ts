/**
 * Fetching a photo a vendor named by URL (the bulk import's images column), safely: the server
 * fetches addresses a person typed, so nothing here may reach the server's own network (SSRF).
 * request-filtering-agent checks the address each connection is made to, after DNS, so a name that
 * resolves to 127.0.0.1, 10.x, 169.254.169.254 (cloud metadata) or any other non-public address is
 * refused, redirects included (each hop connects again, through the same agent). Operators whose
 * photos sit on an internal host list its addresses in IMPORT_IMAGE_ALLOWED_IPS (IPs or CIDRs).
 *
 * At most PHOTO_MAX_BYTES are read (the Content-Length is checked first, the bytes counted as
 * they arrive), within a time limit; only http and https; no credentials in the URL.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { imageUrlProblem } from './image-url.ts';

export class RemoteImageError extends Error {}

export interface RemoteImageOptions {
  maxBytes: number;
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  /** Addresses (IPs or CIDRs) fetched even though they are not public. */
  allowedIps: readonly string[];
}

const MAX_REDIRECTS = 3;

const agents = new Map<string, { http: RequestFilteringHttpAgent; https: RequestFilteringHttpsAgent }>();
function agentsFor(allowedIps: readonly string[]) {
  const key = allowedIps.join(',');
  let pair = agents.get(key);
  if (!pair) {
    const options = { allowIPAddressList: [...allowedIps], keepAlive: false };
    pair = { http: new RequestFilteringHttpAgent(options), https: new RequestFilteringHttpsAgent(options) };
    agents.set(key, pair);
  }
  return pair;
}

function get(url: URL, options: RemoteImageOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const pair = agentsFor(options.allowedIps);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        agent: url.protocol === 'https:' ? pair.https : pair.http,
        signal,
        headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,*/*;q=0.5', 'user-agent': 'marketplace-back-office bulk import' },
      },
      resolve,
    );
    req.on('error', reject);
    req.end();
  });
}

const describe = (error: unknown): string => {
  const e = error as { name?: string; message?: string; code?: string };
  if (e.name === 'AbortError') return 'the server took too long to answer';
  if (/is not allowed/.test(e.message ?? '')) return 'the address is not a public internet address, so it is not fetched';
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') return 'the host name was not found';
  if (e.code === 'ECONNREFUSED') return 'the server refused the connection';
  if (e.code?.startsWith('ERR_TLS') || e.code?.includes('CERT')) return 'the server’s HTTPS certificate is not valid';
  return 'the image could not be downloaded';
};

/** The photo's bytes, or a RemoteImageError saying in a vendor's words why not. */
export async function fetchRemoteImage(text: string, options: RemoteImageOptions): Promise<Buffer> {
  const problem = imageUrlProblem(text);
  if (problem) throw new RemoteImageError(problem);
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(text);
  try {
    for (let hop = 0; ; hop++) {
      const res = await get(url, options, signal);
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        if (hop >= MAX_REDIRECTS) throw new RemoteImageError(`the URL redirects more than ${MAX_REDIRECTS} times`);
        const next = new URL(res.headers.location, url);
        const nextProblem = imageUrlProblem(next.href);
        if (nextProblem) throw new RemoteImageError(`it redirects to an address that is not fetched (${nextProblem})`);
        url = next;
        continue;
      }
      if (status !== 200) {
        res.resume();
        throw new RemoteImageError(`the server answered ${status} instead of the image`);
      }
      const declared = Number(res.headers['content-length'] ?? '0');
      const tooLarge = () => new RemoteImageError(`the image is larger than ${Math.round(options.maxBytes / 1_048_576)} MB`);
      if (declared > options.maxBytes) {
        res.destroy();
        throw tooLarge();
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      for await (const chunk of res as AsyncIterable<Buffer>) {
        bytes += chunk.byteLength;
        if (bytes > options.maxBytes) {
          res.destroy();
          throw tooLarge();
        }
        chunks.push(chunk);
      }
      return Buffer.concat(chunks, bytes);
    }
  } catch (error) {
    if (error instanceof RemoteImageError) throw error;
    throw new RemoteImageError(describe(error));
  }
}
