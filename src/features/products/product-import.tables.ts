/**
 * Bulk import jobs (issue 16 §2, decision 036): one row per uploaded file, its dry run and its
 * import, with the counts, who, the file's hash and the timings; and the row errors each phase
 * found. A job is run in the background by whichever server claims it (SELECT … FOR UPDATE SKIP
 * LOCKED), which keeps `heartbeat_at` fresh; `rows_done` is the last row of the last batch committed,
 * written in that batch's transaction, so a restarted job resumes right after it.
 */
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users, vendors } from '../../lib/db/schema.ts';

export const productImportJobs = pgTable(
  'product_import_jobs',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    /** Who uploaded it (the impersonated user while impersonating); the actor's real user is in `realUserId`. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    realUserId: integer('real_user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** 'csv' | 'xlsx' */
    fileKind: text('file_kind').notNull(),
    fileBytes: integer('file_bytes').notNull(),
    /** Images in the ZIP the sheet came in (the file's images column names them); null when the upload was the sheet alone. */
    imageFiles: integer('image_files'),
    /** SHA-256 of the file, hex: the same file twice for one vendor within a day is asked about. */
    fileHash: text('file_hash').notNull(),
    /** 'dry_run' | 'import' */
    phase: text('phase').notNull().default('dry_run'),
    /** 'queued' | 'running' | 'done' | 'failed' */
    status: text('status').notNull().default('queued'),
    /** Why it failed, in words for the vendor. */
    error: text('error'),
    rowsRead: integer('rows_read').notNull().default(0),
    rowsValid: integer('rows_valid').notNull().default(0),
    rowsError: integer('rows_error').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    /** The dry run's counts, kept when the import starts, to compare with the import's. */
    dryRunCreated: integer('dry_run_created'),
    dryRunUpdated: integer('dry_run_updated'),
    dryRunUnchanged: integer('dry_run_unchanged'),
    dryRunErrors: integer('dry_run_errors'),
    /** The last file row of the last committed batch (import) or read (dry run). */
    rowsDone: integer('rows_done').notNull().default(0),
    /** Which server process runs it, and when it last said so. */
    claimedBy: text('claimed_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Claims of the current phase: a job that keeps stopping is failed rather than retried forever. */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    dryRunFinishedAt: timestamp('dry_run_finished_at', { withTimezone: true }),
    importStartedAt: timestamp('import_started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('product_import_jobs_vendor_idx').on(t.vendorId, t.id),
    index('product_import_jobs_status_idx').on(t.status, t.id),
    index('product_import_jobs_hash_idx').on(t.vendorId, t.fileHash),
  ],
);

/** One problem with one cell of a job's file, per phase (the dry run's, and the import's when the data changed between). */
export const productImportErrors = pgTable(
  'product_import_errors',
  {
    id: serial('id').primaryKey(),
    jobId: integer('job_id')
      .notNull()
      .references(() => productImportJobs.id, { onDelete: 'cascade' }),
    phase: text('phase').notNull(),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('product_import_errors_job_idx').on(t.jobId, t.phase, t.row, t.id)],
);

/**
 * What each row of a job's file came to, per phase, a batch per row of this table: `codes` has one
 * letter per file row from `first_row` on (c created, u updated, n unchanged, e error, . not a data
 * row) and `labels` the row's SKU (or the handle of a product without variants), one per line. A
 * 100,000-row file is about 200 rows here, written in each batch's transaction.
 */
export const productImportOutcomes = pgTable(
  'product_import_outcomes',
  {
    jobId: integer('job_id')
      .notNull()
      .references(() => productImportJobs.id, { onDelete: 'cascade' }),
    phase: text('phase').notNull(),
    firstRow: integer('first_row').notNull(),
    codes: text('codes').notNull(),
    labels: text('labels').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.phase, t.firstRow] })],
);
