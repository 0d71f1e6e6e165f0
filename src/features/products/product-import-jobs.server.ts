/**
 * Bulk import jobs (issue 16 §2, decision 036): the upload streamed to disk, the job row, who may see
 * it, the confirmation that starts the import, and the runner every server runs in the background.
 *
 * The runner claims one job at a time with `UPDATE … WHERE id = (SELECT … FOR UPDATE SKIP LOCKED)`:
 * on PostgreSQL with several servers exactly one of them runs a job. It keeps the job's heartbeat
 * fresh; a job whose heartbeat is older than IMPORT_STALL_SECONDS (its server died) is claimed again by
 * any server and resumed after its last committed batch. Each batch's transaction first re-asserts the
 * claim (`UPDATE … WHERE claimed_by = me`), which holds the job's row lock until the batch commits, so
 * a server that lost its claim writes nothing. A job that keeps stopping is failed with the reason.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client.server.ts';
import { users, vendors } from '@/lib/db/schema.ts';
import type { Actor } from '@/lib/activity/activity.server.ts';
import type { Principal } from '@/lib/auth/principal.server.ts';
import { conflict, HttpError, invalid, notFound } from '@/lib/http/errors.ts';
import { drain } from '@/lib/http/api.server.ts';
import { config } from '@/lib/config.server.ts';
import { vendorName } from '@/lib/vendors/vendor-name.server.ts';
import { productImportErrors, productImportJobs, productImportOutcomes } from './product-import.tables.ts';
import { fileKindOf, checkZip, type ImportFileKind } from './product-import-file.server.ts';
import { openImageArchive, unpackUploadedZip, type UploadedZip } from './product-import-archive.server.ts';
import { importImages, type ImportImages } from './product-import-images.server.ts';
import { ImportFileError, formatCount, type ImportJobJson } from './product-import-format.ts';
import {
  loadLookups,
  logImportActivity,
  packOutcomes,
  runImportPhase,
  vendorIsActive,
  type ImportJobRow,
  type ImportStockWriter,
} from './product-import.server.ts';

/**
 * Where uploaded import files live until their job is a week old: under the uploads folder, which
 * several app servers share (decision 005), so whichever server claims a job finds its file. Never
 * served: the uploads routes answer one file name, or a product's images.
 */
export const importDir = () => join(config().dataDir, 'uploads', 'imports');
export const importFilePath = (job: Pick<ImportJobRow, 'id' | 'fileKind'>) => join(importDir(), `${job.id}.${job.fileKind}`);
/** The ZIP a bundle came in (its photos are read from it while importing). */
export const importArchivePath = (job: Pick<ImportJobRow, 'id'>) => join(importDir(), `${job.id}.images.zip`);

/** An XLSX may inflate to this many times the upload limit before it is called a bomb; its parts are few. */
const XLSX_INFLATE_FACTOR = 20;
const XLSX_MAX_ENTRIES = 1_000;
/** Claims of one phase before the job is failed instead of resumed again. */
const MAX_ATTEMPTS = 3;

const ACCEPTED_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/zip',
  'application/x-zip-compressed',
  'application/octet-stream',
]);

/** The vendor whose catalogue a job imports into: a vendor's own, always; staff name one. */
export async function importVendorFor(db: DbOrTx, principal: Principal, requested: number | undefined): Promise<number> {
  if (principal.user.userType === 'vendor') {
    if (!principal.vendor) throw new HttpError(403, 'Your account has no store to import into.');
    return principal.vendor.id;
  }
  if (!requested) throw invalid({ vendor_id: ['Choose the vendor whose catalogue the file is for.'] });
  const [vendor] = await db.select({ id: vendors.id }).from(vendors).where(eq(vendors.id, requested));
  if (!vendor) throw invalid({ vendor_id: ['Choose the vendor from the list.'] });
  return vendor.id;
}

export interface ReceivedFile {
  tempPath: string;
  bytes: number;
  hash: string;
  kind: ImportFileKind;
}

/**
 * Streams the request's body (the file itself) to a temporary file under DATA_DIR/uploads/imports, hashing
 * it as it goes; never more than MAX_IMPORT_BYTES (413 beyond, the partial file removed). An empty
 * body is a 422; a type that is no spreadsheet a 415.
 */
export async function receiveImportFile(request: Request): Promise<ReceivedFile> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ACCEPTED_TYPES.has(type)) throw new HttpError(415, 'Upload a .csv, .xlsx or .zip file (sent as the request body).');
  const limit = config().MAX_IMPORT_BYTES;
  const tooLarge = () =>
    new HttpError(413, `The file is larger than ${formatCount(Math.floor(limit / 1_048_576))} MB, the import limit. Split it into smaller files.`);
  if (Number(request.headers.get('content-length') ?? '0') > limit) {
    if (request.body) await drain(request.body.getReader(), 0);
    throw tooLarge();
  }
  await mkdir(importDir(), { recursive: true });
  const tempPath = join(importDir(), `upload-${randomUUID()}.part`);
  const out = createWriteStream(tempPath);
  const hash = createHash('sha256');
  let bytes = 0;
  let head: Uint8Array = new Uint8Array();
  try {
    if (request.body) {
      const reader = request.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > limit) {
          await drain(reader, bytes);
          throw tooLarge();
        }
        if (head.byteLength < 4) head = value.slice(0, 4);
        hash.update(value);
        if (!out.write(value)) await new Promise((r) => out.once('drain', r));
      }
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  } catch (error) {
    out.destroy();
    await rm(tempPath, { force: true });
    throw error;
  }
  if (bytes === 0) {
    await rm(tempPath, { force: true });
    throw invalid({ file: ['The file is empty: its first row should be the header of the template.'] });
  }
  return { tempPath, bytes, hash: hash.digest('hex'), kind: fileKindOf(head) };
}

/** The same file for the same vendor imported (or importing) within a day: asked about before importing again. */
export async function recentImportOfSameFile(db: DbOrTx, job: Pick<ImportJobRow, 'id' | 'vendorId' | 'fileHash'>) {
  const [earlier] = await db
    .select({ id: productImportJobs.id, createdAt: productImportJobs.createdAt, status: productImportJobs.status })
    .from(productImportJobs)
    .where(
      and(
        eq(productImportJobs.vendorId, job.vendorId),
        eq(productImportJobs.fileHash, job.fileHash),
        eq(productImportJobs.phase, 'import'),
        ne(productImportJobs.status, 'failed'),
        ne(productImportJobs.id, job.id),
        gt(productImportJobs.createdAt, sql`now() - interval '1 day'`),
      ),
    )
    .orderBy(desc(productImportJobs.id))
    .limit(1);
  return earlier ?? null;
}

/**
 * Creates the job for an uploaded file; the dry run is queued. A ZIP is an XLSX (checked for a ZIP
 * bomb) or a bundle: its one sheet is unpacked and read like any upload, and the ZIP is kept for the
 * photos the images column names.
 */
export async function createImportJob(
  db: Db,
  principal: Principal,
  actor: Actor,
  vendorId: number,
  fileName: string,
  file: ReceivedFile,
): Promise<ImportJobRow> {
  const zipLimits = { maxEntries: XLSX_MAX_ENTRIES, maxTotalBytes: config().MAX_IMPORT_BYTES * XLSX_INFLATE_FACTOR };
  const sheetPath = (kind: ImportFileKind) => `${file.tempPath}.sheet.${kind}`;
  let kind = file.kind;
  let bundle: Extract<UploadedZip, { kind: 'bundle' }> | null = null;
  try {
    if (file.kind === 'xlsx') {
      const zip = await unpackUploadedZip(file.tempPath, sheetPath, config().MAX_IMPORT_BYTES);
      if (zip.kind === 'bundle') {
        bundle = zip;
        kind = zip.sheetKind;
        if (kind === 'xlsx') await checkZip(sheetPath(kind), zipLimits);
      } else await checkZip(file.tempPath, zipLimits);
    }
  } catch (error) {
    await rm(file.tempPath, { force: true });
    await rm(sheetPath(kind), { force: true });
    if (error instanceof ImportFileError) throw invalid({ file: [error.message] });
    throw error;
  }
  const [job] = await db
    .insert(productImportJobs)
    .values({
      vendorId,
      createdBy: principal.user.id,
      realUserId: actor.realUserId,
      fileName: fileName.slice(0, 200) || `upload.${kind}`,
      fileKind: kind,
      fileBytes: file.bytes,
      fileHash: file.hash,
      imageFiles: bundle ? bundle.imageFiles : null,
    })
    .returning();
  if (bundle) {
    await rename(sheetPath(kind), importFilePath(job!));
    await rename(file.tempPath, importArchivePath(job!));
  } else await rename(file.tempPath, importFilePath(job!));
  kickImportRunner();
  return job!;
}

/** A job the principal may see: a vendor only their own (404 otherwise). */
export async function importJobFor(db: DbOrTx, principal: Principal, id: number): Promise<ImportJobRow> {
  const [job] = await db.select().from(productImportJobs).where(eq(productImportJobs.id, id));
  if (!job || (principal.user.userType === 'vendor' && job.vendorId !== principal.vendor?.id)) throw notFound('Import not found.');
  return job;
}

/** The job as the API and the page show it. */
export function importJobView(
  job: ImportJobRow,
  extra: { duplicate?: { id: number; created_at: string } | null; vendor_name?: string | null } = {},
): ImportJobJson {
  const dry = job.dryRunCreated !== null;
  const differences =
    job.phase === 'import' && job.status === 'done' && dry
      ? (
          [
            ['created', job.created - job.dryRunCreated!],
            ['updated', job.updated - (job.dryRunUpdated ?? 0)],
            ['unchanged', job.unchanged - (job.dryRunUnchanged ?? 0)],
            ['with errors', job.rowsError - (job.dryRunErrors ?? 0)],
          ] as const
        ).filter(([, d]) => d !== 0)
      : [];
  return {
    id: job.id,
    vendor_id: job.vendorId,
    ...(extra.vendor_name !== undefined ? { vendor_name: extra.vendor_name } : {}),
    file_name: job.fileName,
    file_kind: job.fileKind,
    image_files: job.imageFiles,
    file_bytes: job.fileBytes,
    file_hash: job.fileHash,
    phase: job.phase,
    status: job.status,
    error: job.error,
    rows_read: job.rowsRead,
    rows_valid: job.rowsValid,
    rows_error: job.rowsError,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    dry_run: dry ? { created: job.dryRunCreated, updated: job.dryRunUpdated, unchanged: job.dryRunUnchanged, errors: job.dryRunErrors } : null,
    /** How the import's counts differ from the dry run's: the catalogue changed in between. */
    differences: differences.length
      ? `The import differs from the dry run (${differences.map(([what, d]) => `${d > 0 ? '+' : '−'}${formatCount(Math.abs(d))} ${what}`).join(', ')}): the catalogue changed in between.`
      : null,
    created_at: job.createdAt.toISOString(),
    dry_run_finished_at: job.dryRunFinishedAt?.toISOString() ?? null,
    import_started_at: job.importStartedAt?.toISOString() ?? null,
    finished_at: job.finishedAt?.toISOString() ?? null,
    ...(extra.duplicate !== undefined ? { duplicate_of: extra.duplicate } : {}),
  };
}

/**
 * Starts the import after a finished dry run. The same file imported for this vendor within a day
 * needs `confirmDuplicate` (409 naming the earlier job otherwise).
 */
export async function confirmImport(db: Db, principal: Principal, id: number, confirmDuplicate: boolean): Promise<ImportJobRow> {
  const job = await importJobFor(db, principal, id);
  if (job.phase !== 'dry_run' || job.status !== 'done') {
    throw conflict(job.phase === 'import' ? 'This file is already being imported, or was.' : 'The dry run has not finished yet: wait for it, then import.');
  }
  if (job.rowsValid === 0) throw conflict('No row of the file can be imported: fix the errors and upload it again.');
  const earlier = await recentImportOfSameFile(db, job);
  if (earlier && !confirmDuplicate)
    throw conflict(`This file was already imported (import #${earlier.id}) in the last 24 hours. Import it again?`, {
      confirm_duplicate: ['Confirm to import the same file again.'],
    });
  const [started] = await db
    .update(productImportJobs)
    .set({
      phase: 'import',
      status: 'queued',
      dryRunCreated: job.created,
      dryRunUpdated: job.updated,
      dryRunUnchanged: job.unchanged,
      dryRunErrors: job.rowsError,
      rowsRead: 0,
      rowsValid: 0,
      rowsError: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      rowsDone: 0,
      attempts: 0,
      error: null,
      claimedBy: null,
      heartbeatAt: null,
      importStartedAt: new Date(),
      finishedAt: null,
      importedBy: principal.user.id,
    })
    .where(and(eq(productImportJobs.id, id), eq(productImportJobs.phase, 'dry_run'), eq(productImportJobs.status, 'done')))
    .returning();
  if (!started) throw conflict('This file is already being imported.');
  kickImportRunner();
  return started;
}

// ── The runner ───────────────────────────────────────────────────────────────

/** This process, as the jobs' `claimed_by` says. */
const SERVER_ID = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

class LostClaim extends Error {}

interface Runner {
  db: Db;
  driver: 'pglite' | 'postgres';
  writeStock: ImportStockWriter;
  log: { info(o: object, m: string): void; error(o: object, m: string): void };
  busy: Promise<void> | null;
  stopping: boolean;
  timer: NodeJS.Timeout;
}
let runner: Runner | undefined;

/** Runs queued jobs in this server; polls for other servers' uploads and stalled jobs every 2 s. */
export function startImportRunner(db: Db, driver: 'pglite' | 'postgres', writeStock: ImportStockWriter, log: Runner['log']): void {
  if (runner) return;
  const timer = setInterval(() => kickImportRunner(), 2_000);
  timer.unref();
  runner = { db, driver, writeStock, log, busy: null, stopping: false, timer };
  // PGlite has one process: a job "running" now was this data folder's previous process's, which stopped.
  const orphaned =
    driver === 'pglite' ? db.update(productImportJobs).set({ heartbeatAt: null }).where(eq(productImportJobs.status, 'running')) : Promise.resolve();
  void Promise.resolve(orphaned)
    .then(() => purgeOldImportFiles(db))
    .then(
      () => kickImportRunner(),
      (err: unknown) => log.error({ err }, 'import runner: could not release orphaned jobs'),
    );
}

/** Lets the current batch finish, then stops (the server is stopping); the job resumes on the next start. */
export async function stopImportRunner(): Promise<void> {
  if (!runner) return;
  runner.stopping = true;
  clearInterval(runner.timer);
  await runner.busy?.catch(() => {});
  runner = undefined;
}

export function kickImportRunner(): void {
  const r = runner;
  if (!r || r.busy || r.stopping) return;
  r.busy = (async () => {
    try {
      for (let job = await claimJob(r); job && !r.stopping; job = await claimJob(r)) await runJob(r, job);
    } catch (err) {
      r.log.error({ err }, 'import runner failed');
    } finally {
      r.busy = null;
    }
  })();
}

async function claimJob(r: Runner): Promise<ImportJobRow | undefined> {
  const stall = config().IMPORT_STALL_SECONDS;
  const [job] = await r.db
    .update(productImportJobs)
    .set({
      status: 'running',
      claimedBy: SERVER_ID,
      heartbeatAt: sql`now()`,
      attempts: sql`${productImportJobs.attempts} + 1`,
      startedAt: sql`coalesce(${productImportJobs.startedAt}, now())`,
    })
    .where(
      eq(
        productImportJobs.id,
        sql`(select id from product_import_jobs
              where status = 'queued' or (status = 'running' and (heartbeat_at is null or heartbeat_at < now() - make_interval(secs => ${stall})))
              order by id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return job;
}

async function failJob(r: Runner, job: ImportJobRow, reason: string): Promise<void> {
  await r.db
    .update(productImportJobs)
    .set({ status: 'failed', error: reason, finishedAt: new Date(), claimedBy: null })
    .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID)));
}

async function runJob(r: Runner, job: ImportJobRow): Promise<void> {
  if (job.attempts > MAX_ATTEMPTS) {
    return failJob(
      r,
      job,
      `The ${job.phase === 'import' ? 'import' : 'dry run'} stopped ${MAX_ATTEMPTS} times without finishing (server restarts or crashes)${job.phase === 'import' && job.rowsDone ? `; rows up to ${formatCount(job.rowsDone)} were imported` : ''}. Upload the file again to finish it.`,
    );
  }
  const db = r.db;
  let lost = false;
  // The heartbeat: another server takes the job over only when this stops.
  const beatEvery = Math.max(500, (config().IMPORT_STALL_SECONDS * 1000) / 4);
  const beat = setInterval(() => {
    void db
      .update(productImportJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID)))
      .returning({ id: productImportJobs.id })
      .then(
        (rows) => {
          if (!rows.length) lost = true;
        },
        () => {},
      );
  }, beatEvery);
  const started = Date.now();
  let images: ImportImages | undefined;
  try {
    if (job.phase === 'dry_run') {
      // A dry run writes nothing but its report: one that stopped starts over.
      await db.delete(productImportErrors).where(and(eq(productImportErrors.jobId, job.id), eq(productImportErrors.phase, 'dry_run')));
      await db.delete(productImportOutcomes).where(and(eq(productImportOutcomes.jobId, job.id), eq(productImportOutcomes.phase, 'dry_run')));
      await db
        .update(productImportJobs)
        .set({ rowsRead: 0, rowsValid: 0, rowsError: 0, created: 0, updated: 0, unchanged: 0, rowsDone: 0 })
        .where(eq(productImportJobs.id, job.id));
    }
    const [creator] = job.createdBy ? await db.select({ userType: users.userType }).from(users).where(eq(users.id, job.createdBy)) : [];
    const byVendor = creator?.userType === 'vendor';
    const actor: Actor = {
      realUserId: job.realUserId,
      impersonatedUserId: job.createdBy !== job.realUserId ? job.createdBy : null,
      ip: null,
      userAgent: `bulk import #${job.id}`,
    };
    const lookups = await loadLookups(db, job.vendorId, !byVendor);
    images = importImages({
      archive: job.imageFiles === null ? null : await openImageArchive(importArchivePath(job)),
      allowedIps: config().IMPORT_IMAGE_ALLOWED_IPS,
    });
    const finishedAll = await runImportPhase({
      job,
      images,
      path: importFilePath(job),
      lookups,
      vendorActive: await vendorIsActive(db, job.vendorId),
      db,
      shouldStop: () => r.stopping || lost,
      ...(job.phase === 'import'
        ? {
            write: {
              jobId: job.id,
              vendorId: job.vendorId,
              actor,
              actorUserId: job.createdBy,
              byVendor,
              writeStock: r.writeStock,
              imageFiles: { used: new Set<string>(), removed: [] },
            },
          }
        : {}),
      async assertClaim(tx) {
        const [mine] = await tx
          .update(productImportJobs)
          .set({ heartbeatAt: sql`now()` })
          .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID), eq(productImportJobs.status, 'running')))
          .returning({ id: productImportJobs.id });
        if (!mine) throw new LostClaim();
      },
      async commit({ lastRow, counts, errors, outcomes }, tx) {
        const target = tx ?? db;
        const [mine] = await target
          .update(productImportJobs)
          .set({
            rowsRead: sql`${productImportJobs.rowsRead} + ${counts.rowsRead}`,
            rowsValid: sql`${productImportJobs.rowsValid} + ${counts.rowsValid}`,
            rowsError: sql`${productImportJobs.rowsError} + ${counts.rowsError}`,
            created: sql`${productImportJobs.created} + ${counts.created}`,
            updated: sql`${productImportJobs.updated} + ${counts.updated}`,
            unchanged: sql`${productImportJobs.unchanged} + ${counts.unchanged}`,
            rowsDone: sql`greatest(${productImportJobs.rowsDone}, ${lastRow})`,
            heartbeatAt: sql`now()`,
          })
          .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID), eq(productImportJobs.status, 'running')))
          .returning({ id: productImportJobs.id });
        // Another server took the job over: this batch's writes roll back with the throw.
        if (!mine) throw new LostClaim();
        const packed = packOutcomes(outcomes);
        if (packed) await target.insert(productImportOutcomes).values({ jobId: job.id, phase: job.phase, ...packed });
        for (let i = 0; i < errors.length; i += 1_000) {
          await target
            .insert(productImportErrors)
            .values(errors.slice(i, i + 1_000).map((e) => ({ jobId: job.id, phase: job.phase, row: e.row, column: e.column, message: e.message })));
        }
      },
    });
    if (!finishedAll) {
      // Stopping (or the claim was lost): hand the job back at once, so another server, or this one's
      // next start, resumes it after the last committed batch without waiting for the heartbeat to age.
      await db
        .update(productImportJobs)
        // A clean stop is not a failure: it doesn't count towards MAX_ATTEMPTS.
        .set({ status: 'queued', claimedBy: null, attempts: sql`greatest(${productImportJobs.attempts} - 1, 0)` })
        .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID)));
      return;
    }
    await db.transaction(async (tx) => {
      const [done] = await tx
        .update(productImportJobs)
        .set({ status: 'done', finishedAt: new Date(), claimedBy: null, ...(job.phase === 'dry_run' ? { dryRunFinishedAt: new Date() } : {}) })
        .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID)))
        .returning();
      if (!done) throw new LostClaim();
      if (done.phase === 'import') await logImportActivity(tx, actor, done);
    });
    r.log.info({ job: job.id, phase: job.phase, ms: Date.now() - started }, 'import job finished');
  } catch (error) {
    if (error instanceof LostClaim) return;
    if (error instanceof ImportFileError) return failJob(r, job, error.message);
    r.log.error({ err: error, job: job.id }, 'import job failed');
    // Something unexpected: try again from the last committed batch, up to MAX_ATTEMPTS claims.
    await db
      .update(productImportJobs)
      .set({ status: 'queued', claimedBy: null, error: 'Stopped on an unexpected error; trying again.' })
      .where(and(eq(productImportJobs.id, job.id), eq(productImportJobs.claimedBy, SERVER_ID)));
  } finally {
    clearInterval(beat);
    images?.close();
  }
}

/** The jobs a page lists: the principal's vendor's (or, for staff, every vendor's) latest. */
export async function recentImportJobs(db: DbOrTx, principal: Principal, limit = 10) {
  return db
    .select()
    .from(productImportJobs)
    .where(principal.user.userType === 'vendor' ? eq(productImportJobs.vendorId, principal.vendor?.id ?? -1) : undefined)
    .orderBy(desc(productImportJobs.id))
    .limit(limit);
}

/** Removes files of jobs finished more than a week ago (their rows stay, for the record). */
export async function purgeOldImportFiles(db: DbOrTx): Promise<void> {
  const old = await db
    .select({ id: productImportJobs.id, fileKind: productImportJobs.fileKind })
    .from(productImportJobs)
    .where(and(inArray(productImportJobs.status, ['done', 'failed']), sql`${productImportJobs.finishedAt} < now() - interval '7 days'`));
  for (const job of old) {
    await rm(importFilePath(job), { force: true });
    await rm(importArchivePath(job), { force: true });
  }
}

/** The vendors staff may import for, by name (the page's picker). */
export async function importVendorChoices(db: DbOrTx): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: vendors.id, name: vendorName(vendors.id, vendors.storeName) })
    .from(vendors)
    .where(ne(vendors.status, 'draft'))
    .orderBy(vendorName(vendors.id, vendors.storeName));
  return rows.map((r) => ({ id: r.id, name: String(r.name) }));
}
