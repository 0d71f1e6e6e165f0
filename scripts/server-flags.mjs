/**
 * Node flags the server runs with (`npm start`, and `npm run bench`, which measures the server as
 * `npm start` runs it). See docs/decisions/012-measured-performance.md.
 *
 * --max-semi-space-size=8: V8 otherwise lets the young generation grow to 128 MB on a machine with
 * a lot of memory, and keeps it: about 80 MiB of RSS that a request-sized workload does not need
 * (the server's own objects live well under 50 MB). Measured: RSS 248 → 168 MiB on PostgreSQL
 * after load, with no change in requests per second beyond the noise.
 */
/*
 * --max-old-space-size=256: V8 sizes its old generation for the machine (gigabytes here) and grows
 * the heap well past what is live before it collects, and keeps what it grew. A bulk import of
 * 100,000 rows took the server from 200 to 362 MiB of RSS and left it there; with this ceiling the
 * peak was 235 MiB, the import as fast (18.9 → 19.9 s, within the noise). The import runs within 128
 * (tried), a request-sized workload far below: 256 leaves twice the room. A process that really needs
 * more dies with "heap out of memory" rather than swapping: raise it here (docs/deployment.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256'];
