/**
 * Node flags the server runs with (`npm start`, and `npm run bench`, which measures the server as
 * `npm start` runs it). See docs/decisions/012-measured-performance.md.
 *
 * --max-semi-space-size=8: V8 otherwise lets the young generation grow to 128 MB on a machine with
 * a lot of memory, and keeps it: about 80 MiB of RSS that a request-sized workload does not need
 * (the server's own objects live well under 50 MB). Measured: RSS 248 → 168 MiB on PostgreSQL
 * after load, with no change in requests per second beyond the noise.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'];
