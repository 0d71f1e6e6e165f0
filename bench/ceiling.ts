/**
 * The ceiling: a bare node:http server answering, from memory, the exact bytes the product
 * answered for each measured path. Nothing can serve the same response faster on this machine
 * with Node, so the product's figures are reported as a ratio to it.
 *
 *   node bench/ceiling.ts <port> <responses.json>
 * responses.json: { "<path?query>": { "status": 200, "contentType": "…", "body": "…" } }
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

interface Canned {
  status: number;
  contentType: string;
  body: string;
}

const port = Number(process.argv[2]);
const canned = JSON.parse(readFileSync(process.argv[3]!, 'utf8')) as Record<string, Canned>;
const responses = new Map(Object.entries(canned).map(([path, c]) => [path, { ...c, bytes: Buffer.from(c.body) }]));

createServer((req, res) => {
  const hit = responses.get(req.url ?? '');
  if (!hit) {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not canned');
    return;
  }
  res.writeHead(hit.status, { 'content-type': hit.contentType, 'content-length': hit.bytes.length, 'cache-control': 'no-store' }).end(hit.bytes);
}).listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
