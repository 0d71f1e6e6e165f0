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
/*
 * --wasm-num-compilation-tasks=1: the embedded database (PGlite) is WebAssembly, and V8 recompiles its
 * hot functions with its optimising compiler in the background, as many at once as it has threads,
 * each with its own working memory (a start-up on the demo data peaks near 600 MiB while it does).
 * One at a time keeps that peak lower and leaves the other core to requests; the compiled code is the
 * same, only ready later. Measured: a 100,000-row import's peak 312 → 297 MiB, requests per second
 * unchanged within the noise. No effect on PostgreSQL.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=256', '--wasm-num-compilation-tasks=1'];

/*
 * The C allocator's settings (glibc reads them from the environment when the process starts, so they
 * are given to the server's process, and an operator's own values win). Node's native side (V8's
 * compilers, the embedded database's WebAssembly compiled code, zlib, the file reads) allocates
 * through malloc, and glibc keeps what was freed: per-thread arenas of 64 MB each, and a heap top it
 * trims only past a threshold that grows with every large block freed. A 100,000-row import on the
 * embedded database ended at 405 MiB of RSS, ~60 MiB of it freed memory malloc still held.
 *   MALLOC_ARENA_MAX=2: two arenas instead of eight per core.
 *   MALLOC_MMAP_THRESHOLD_=65536: blocks of 64 KiB and more get their own mapping, given back on free
 *     (setting it also stops glibc from raising it, and the trim threshold with it).
 *   MALLOC_TRIM_THRESHOLD_=131072: the heap top is given back past 128 KiB free.
 * Measured (docs/performance.md, "Bulk import"): with PGlite's 16 MB of shared buffers, the import's
 * peak 405 → ~300 MiB, and requests per second unchanged within the noise. Other C libraries (musl)
 * ignore these variables.
 */
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '65536',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/** The server's environment: the allocator's settings above, under whatever the caller's environment sets. */
export function serverEnv(env) {
  return { ...SERVER_MALLOC_ENV, ...env };
}
