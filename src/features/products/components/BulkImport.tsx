/**
 * /products/bulk-upload (issue 16): upload → dry run → confirm → import on one page. The file goes
 * up as the request body with its progress; the job's id then goes into the URL (`?job=12`), so a
 * reload (or another tab) finds the same job; while the job runs the page asks for it every second
 * and draws its progress (rows read, valid, with errors). The dry run's errors are a paged table,
 * and downloadable as the original file with an `errors` column.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/http/client.ts';
import { useIslandQueryClient } from '@/lib/http/query-client.ts';
import { Button } from '@/components/ui/Button.tsx';
import { buttonClass, errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import { formatCount, type ImportJobJson, type ImportRowJson, type ImportRowOutcome } from '@/features/products/product-import-format.ts';

export interface BulkImportProps {
  /** Staff choose the vendor; null for a vendor (always their own catalogue). */
  vendors: { id: number; name: string }[] | null;
  job: ImportJobJson | null;
  maxBytes: number;
}

const PER_PAGE = 25;
/** "1 row", "1,204 rows". */
const rowsText = (n: number) => `${formatCount(n)} row${n === 1 ? '' : 's'}`;
const jobKey = (id: number) => ['product-imports', 'detail', String(id)] as const;
const running = (job: ImportJobJson) => job.status === 'queued' || job.status === 'running';

export default function BulkImport(props: BulkImportProps) {
  const client = useIslandQueryClient();
  return (
    <QueryClientProvider client={client}>
      <BulkImportSteps {...props} />
    </QueryClientProvider>
  );
}

function BulkImportSteps({ vendors, job: initialJob, maxBytes }: BulkImportProps) {
  const [jobId, setJobId] = useState<number | null>(initialJob?.id ?? null);
  const queryClient = useQueryClient();
  const { data: job } = useQuery({
    queryKey: jobKey(jobId ?? 0),
    queryFn: () => api.get<{ data: ImportJobJson }>(`/api/products/imports/${jobId}`).then((r) => r.data),
    enabled: jobId !== null,
    ...(initialJob && initialJob.id === jobId ? { initialData: initialJob } : {}),
    refetchInterval: (q) => (q.state.data && running(q.state.data) ? 1_000 : false),
    staleTime: 0,
  });

  const start = (created: ImportJobJson) => {
    queryClient.setQueryData(jobKey(created.id), created);
    setJobId(created.id);
    const url = new URL(window.location.href);
    url.searchParams.set('job', String(created.id));
    window.history.replaceState(null, '', url);
  };
  const startOver = () => {
    setJobId(null);
    const url = new URL(window.location.href);
    url.searchParams.delete('job');
    window.history.replaceState(null, '', url);
  };

  if (!jobId || !job) return <UploadStep vendors={vendors} maxBytes={maxBytes} onUploaded={start} />;
  return <JobStep job={job} onStartOver={startOver} onChanged={(j) => queryClient.setQueryData(jobKey(j.id), j)} />;
}

function UploadStep({ vendors, maxBytes, onUploaded }: { vendors: BulkImportProps['vendors']; maxBytes: number; onUploaded: (job: ImportJobJson) => void }) {
  const id = useId();
  const [vendorId, setVendorId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const needsVendor = vendors !== null && !vendorId;
  const vendorQuery = vendors ? `&vendor_id=${vendorId}` : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (needsVendor) return setError('Choose the vendor whose catalogue the file is for.');
    if (!file) return setError('Choose a .csv, .xlsx or .zip file.');
    if (file.size > maxBytes)
      return setError(`The file is larger than ${formatCount(Math.floor(maxBytes / 1_048_576))} MB, the import limit. Split it into smaller files.`);
    setProgress(0);
    try {
      const { data } = await api.post<{ data: ImportJobJson }>(
        `/api/products/imports?file_name=${encodeURIComponent(file.name)}${vendorQuery}`,
        file.type ? file : new Blob([file], { type: UPLOAD_TYPES.find(([ext]) => ext.test(file.name))?.[1] ?? 'text/csv' }),
        { onUploadProgress: setProgress },
      );
      onUploaded(data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The upload failed. Check the connection and try again.');
      setProgress(null);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" noValidate data-testid="bulk-upload-form">
      {vendors && (
        <div>
          <label htmlFor={`${id}-vendor`} className={labelClass}>
            Vendor
          </label>
          <select id={`${id}-vendor`} className={`${inputClass} mt-1 max-w-md`} value={vendorId} onChange={(e) => setVendorId(e.target.value)}>
            <option value="">Choose the vendor…</option>
            {vendors.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </select>
          <p className={hintClass}>The products are imported into this vendor’s catalogue.</p>
        </div>
      )}
      <div>
        <p className={labelClass}>1. Start from the template</p>
        <p className={hintClass}>
          One row per variant; the rows of one product share its handle. The XLSX has a Help sheet with every column and your brands, categories, taxes and
          warehouses.
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          {(['csv', 'xlsx'] as const).map((format) => (
            <a
              key={format}
              className={buttonClass('outline', 'sm', needsVendor ? 'pointer-events-none opacity-60' : '')}
              aria-disabled={needsVendor || undefined}
              href={needsVendor ? undefined : `/api/products/import-template?format=${format}${vendorQuery}`}
              download
            >
              Download template ({format.toUpperCase()})
            </a>
          ))}
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-file`} className={labelClass}>
          2. Upload the file
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.xlsx,.zip,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/zip"
          className={`${inputClass} mt-1 max-w-md`}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <p className={hintClass}>
          CSV (UTF-8, comma or semicolon) or XLSX, up to {formatCount(Math.floor(maxBytes / 1_048_576))} MB; or a ZIP holding the sheet and the photos its
          images column names. The file is checked first (a dry run): nothing is saved until you confirm.
        </p>
      </div>
      {progress !== null && <ProgressBar label="Uploading" value={progress} max={100} text={`${progress}%`} />}
      {error && (
        <p className={errorTextClass} role="alert">
          {error}
        </p>
      )}
      <Button type="submit" loading={progress !== null}>
        Upload and check
      </Button>
    </form>
  );
}

/** A file's type when the browser gives none, by its name. */
const UPLOAD_TYPES: [RegExp, string][] = [
  [/\.xlsx$/i, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  [/\.zip$/i, 'application/zip'],
];

function ProgressBar({ label, value, max, text }: { label: string; value: number; max: number | null; text: string }) {
  const percent = max ? Math.min(100, Math.round((value / max) * 100)) : null;
  return (
    <div>
      <div className="flex justify-between text-sm">
        <span>{label}</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        {...(max ? { 'aria-valuemax': max, 'aria-valuenow': value } : { 'aria-valuetext': text })}
        className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-surface-200 dark:bg-surface-800"
      >
        <div
          className={`h-full bg-primary transition-[width] ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

function Counts({ items }: { items: [string, number, string?][] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value, testId]) => (
        <div key={label} className="rounded-lg border border-surface-200 p-3 dark:border-surface-800">
          <dt className="text-xs text-surface-600 dark:text-surface-400">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
            {formatCount(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function JobStep({ job, onStartOver, onChanged }: { job: ImportJobJson; onStartOver: () => void; onChanged: (job: ImportJobJson) => void }) {
  const [again, setAgain] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dryRun = job.phase === 'dry_run';
  const total = dryRun
    ? null
    : job.dry_run
      ? (job.dry_run.created ?? 0) + (job.dry_run.updated ?? 0) + (job.dry_run.unchanged ?? 0) + (job.dry_run.errors ?? 0)
      : null;
  const title = dryRun
    ? running(job)
      ? 'Checking the file (dry run)…'
      : job.status === 'done'
        ? 'Dry run finished: nothing is saved yet'
        : 'The check failed'
    : running(job)
      ? 'Importing…'
      : job.status === 'done'
        ? 'Import finished'
        : 'The import failed';

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { data } = await api.post<{ data: ImportJobJson }>(`/api/products/imports/${job.id}/confirm`, again ? { confirm_duplicate: true } : {});
      onChanged(data);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The import could not start. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="space-y-5" aria-live="polite" data-testid="import-job" data-phase={job.phase} data-status={job.status}>
      <div>
        <h2 className="text-lg font-semibold">{title}</h2>
        <p className="text-sm break-all text-surface-600 dark:text-surface-400">
          {job.file_name}
          {job.image_files !== null && ` (with ${formatCount(job.image_files)} photo${job.image_files === 1 ? '' : 's'})`} · import #{job.id}
        </p>
      </div>
      {running(job) && (
        <ProgressBar
          label={dryRun ? 'Rows checked' : 'Rows imported'}
          value={job.rows_read}
          max={total}
          text={total ? `${formatCount(job.rows_read)} of ${formatCount(total)}` : `${formatCount(job.rows_read)} rows`}
        />
      )}
      <Counts
        items={
          dryRun && running(job)
            ? [
                ['Rows read', job.rows_read, 'count-read'],
                ['Rows valid', job.rows_valid, 'count-valid'],
                ['Rows with errors', job.rows_error, 'count-errors'],
              ]
            : [
                [dryRun ? 'Would create' : 'Created', job.created, 'count-created'],
                [dryRun ? 'Would update' : 'Updated', job.updated, 'count-updated'],
                ['Unchanged', job.unchanged, 'count-unchanged'],
                ['Rows with errors', job.rows_error, 'count-errors'],
              ]
        }
      />
      {job.status === 'failed' && job.error && (
        <p className={errorTextClass} role="alert">
          {job.error}
        </p>
      )}
      {job.differences && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{job.differences}</p>}
      {job.status === 'done' && <RowsTable job={job} />}
      {dryRun && job.status === 'done' && (
        <div className="space-y-3 rounded-lg border border-surface-200 p-4 dark:border-surface-800">
          {job.duplicate_of && (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-1" checked={again} onChange={(e) => setAgain(e.target.checked)} />
              <span>This same file was imported (import #{job.duplicate_of.id}) in the last 24 hours. Import it again anyway.</span>
            </label>
          )}
          <p className="text-sm">
            {job.rows_valid > 0
              ? `Importing saves the valid ${rowsText(job.rows_valid)}${job.rows_error ? `; the ${rowsText(job.rows_error)} of products with an error are left out, whole` : ''}.`
              : 'No row can be imported: fix the errors and upload the file again.'}
          </p>
          {error && (
            <p className={errorTextClass} role="alert">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={confirm} loading={busy} disabled={job.rows_valid === 0 || (!!job.duplicate_of && !again)}>
              Import {rowsText(job.rows_valid)}
            </Button>
            <Button variant="outline" onClick={onStartOver}>
              Upload another file
            </Button>
          </div>
        </div>
      )}
      {!dryRun && !running(job) && (
        <div className="flex flex-wrap gap-2">
          <a className={buttonClass('primary')} href="/products/listing">
            See the products
          </a>
          <Button variant="outline" onClick={onStartOver}>
            Upload another file
          </Button>
        </div>
      )}
      {dryRun && job.status === 'failed' && (
        <Button variant="outline" onClick={onStartOver}>
          Upload another file
        </Button>
      )}
    </section>
  );
}

function RowsTable({ job }: { job: ImportJobJson }) {
  const id = useId();
  const dryRun = job.phase === 'dry_run';
  const choices = (
    [
      ['error', 'Rows with errors', job.rows_error],
      ['created', dryRun ? 'Would create' : 'Created', job.created],
      ['updated', dryRun ? 'Would update' : 'Updated', job.updated],
      ['unchanged', 'Unchanged', job.unchanged],
    ] as const
  ).filter(([, , count]) => count > 0);
  const [outcome, setOutcome] = useState<ImportRowOutcome>(choices[0]?.[0] ?? 'error');
  const [page, setPage] = useState(1);
  useEffect(() => {
    setPage(1);
    setOutcome(choices[0]?.[0] ?? 'error');
    // A new job or phase starts on its first choice (the choices follow from them).
  }, [job.id, job.phase]);
  const { data, isError } = useQuery({
    queryKey: ['product-imports', 'rows', job.id, job.phase, outcome, page],
    queryFn: () => api.get<{ data: ImportRowJson[]; meta: { total: number } }>(`/api/products/imports/${job.id}/rows`, { outcome, page, per_page: PER_PAGE }),
  });
  if (!choices.length) return null;
  const total = data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const errors = outcome === 'error';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <label htmlFor={`${id}-outcome`} className={labelClass}>
            Show rows
          </label>
          <select
            id={`${id}-outcome`}
            className={`${inputClass} mt-1`}
            value={outcome}
            onChange={(e) => {
              setOutcome(e.target.value as ImportRowOutcome);
              setPage(1);
            }}
          >
            {choices.map(([value, label, count]) => (
              <option key={value} value={value}>
                {label} ({formatCount(count)})
              </option>
            ))}
          </select>
        </div>
        {job.rows_error > 0 && (
          <a className={buttonClass('outline', 'sm')} href={`/api/products/imports/${job.id}/error-file`} download data-testid="error-file">
            Download the file with an errors column
          </a>
        )}
      </div>
      {isError && <p className={errorTextClass}>The rows could not be loaded. Reload the page.</p>}
      <div className="overflow-x-auto rounded-lg border border-surface-200 dark:border-surface-800">
        <table className="w-full text-left text-sm" data-testid={errors ? 'import-errors' : 'import-rows'}>
          <caption className="sr-only">{choices.find(([value]) => value === outcome)?.[1]}</caption>
          <thead className="bg-surface-50 dark:bg-surface-900">
            <tr>
              <th scope="col" className="px-3 py-2">
                Row
              </th>
              <th scope="col" className="px-3 py-2">
                SKU
              </th>
              <th scope="col" className="px-3 py-2">
                {errors ? 'What is wrong' : 'Result'}
              </th>
            </tr>
          </thead>
          <tbody>
            {(data?.data ?? []).map((r) => (
              <tr key={r.row} className="border-t border-surface-200 align-top dark:border-surface-800">
                <td className="px-3 py-2 tabular-nums">{formatCount(r.row)}</td>
                <td className="px-3 py-2 break-all">{r.sku}</td>
                <td className="px-3 py-2">
                  {errors
                    ? r.errors?.length
                      ? r.errors.map((e, i) => (
                          <p key={i}>
                            <span className="font-medium">{e.column}:</span> {e.message}
                          </p>
                        ))
                      : 'Left out: another row of this product has an error.'
                    : OUTCOME_TEXT[r.outcome](dryRun)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="flex items-center justify-between gap-2 text-sm" aria-label="Pages of rows">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <span>
          Page {formatCount(page)} of {formatCount(pages)} · {rowsText(total)}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </nav>
    </div>
  );
}

const OUTCOME_TEXT: Record<ImportRowOutcome, (dryRun: boolean) => string> = {
  created: (dryRun) => (dryRun ? 'Would be created' : 'Created'),
  updated: (dryRun) => (dryRun ? 'Would be updated' : 'Updated'),
  unchanged: () => 'Unchanged',
  error: () => 'Error',
};
