/**
 * The permission matrix, one component for a role's grants (/permissions/{id}) and a user's
 * (/user/permissions/{user}). Rows are permission areas grouped as the sidebar groups them,
 * columns the actions; each existing cell is a real checkbox labelled "brands: delete". A row's
 * "All" and a column's "All" tick every cell the viewer may change; the search box narrows the
 * rows (and what a column's "All" touches). On a user's page, a cell the user's roles give is
 * ticked and read-only, naming the role(s). Saving sends only the difference ({grant, revoke})
 * through the form kit's submission and the one HTTP client. A cell the viewer doesn't hold can't
 * be ticked (the server refuses it too: no privilege escalation).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/Button.tsx';
import { FormAlert } from '@/components/ui/fields.tsx';
import { inputClass } from '@/components/ui/styles.ts';
import { useFormSubmission } from '@/components/form/use-form-submission.ts';
import { useLeaveGuard } from '@/components/form/use-leave-guard.ts';
import { toast } from '@/lib/stores/toast.ts';
import { grantDiff, permissionOf, type MatrixRow, type MatrixShape } from '@/features/roles/permission-matrix.ts';

export interface PermissionMatrixProps {
  shape: MatrixShape;
  /** Whose grants: the role's or the user's name, in messages. */
  subject: string;
  /** GET/POST endpoint: /api/permissions/{id} or /api/user/permissions/{user}. */
  saveUrl: string;
  /** The grants this page edits (the role's, or the user's direct ones). */
  granted: string[];
  /** User page: permission → the roles giving it (read-only cells). */
  inherited?: Record<string, string[]>;
  /** Why nothing can be changed (the Super Admin role), or null. */
  locked?: string | null;
  /** What the viewer holds: only these can be granted. */
  held: string[];
}

interface SaveAnswer {
  granted: string[];
}

const stickyCell = 'sticky left-0 z-10 bg-surface-0 shadow-[6px_0_6px_-6px_rgb(0_0_0/0.3)] dark:bg-surface-900';

export default function PermissionMatrix({ shape, subject, saveUrl, granted, inherited = {}, locked = null, held }: PermissionMatrixProps) {
  const [baseline, setBaseline] = useState(() => new Set(granted));
  const [ticked, setTicked] = useState(() => new Set(granted));
  const [query, setQuery] = useState('');
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const submission = useFormSubmission();
  const holds = useMemo(() => new Set(held), [held]);
  const diff = grantDiff(baseline, ticked);
  const dirty = diff.grant.length + diff.revoke.length > 0;
  // Leaving with unsaved ticks asks first, like every form.
  useLeaveGuard(dirty);

  const q = query.trim().toLowerCase();
  const groups = shape.groups
    .map((g) => ({
      ...g,
      rows: g.rows.filter((r) => !q || r.area.toLowerCase().includes(q) || r.label.toLowerCase().includes(q) || g.label.toLowerCase().includes(q)),
    }))
    .filter((g) => g.rows.length);
  const visibleRows = groups.flatMap((g) => g.rows);

  const fromRoles = (p: string) => inherited[p] ?? [];
  /** A cell the viewer may tick or untick now. */
  const changeable = (p: string) => !locked && fromRoles(p).length === 0 && (holds.has(p) || ticked.has(p));
  const setMany = (perms: string[], on: boolean) => {
    setTicked((now) => {
      const next = new Set(now);
      for (const p of perms) {
        if (on && holds.has(p)) next.add(p);
        if (!on) next.delete(p);
      }
      return next;
    });
    submission.reset();
  };
  const toggleState = (perms: string[]) => {
    const mine = perms.filter(changeable);
    const on = mine.filter((p) => ticked.has(p) || fromRoles(p).length > 0).length;
    return { mine, all: mine.length > 0 && on === mine.length, some: on > 0 && on < mine.length };
  };
  const rowPerms = (r: MatrixRow) => r.actions.map((a) => permissionOf(r.area, a));
  const columnPerms = (action: string) => visibleRows.filter((r) => r.actions.includes(action)).map((r) => permissionOf(r.area, action));

  const save = async () => {
    const sent = grantDiff(baseline, ticked);
    const result = await submission.send<{ message: string; data: SaveAnswer }>(saveUrl, { method: 'POST', body: { grant: sent.grant, revoke: sent.revoke } });
    if (!result.ok) {
      submission.showRefusal(result.error);
      return;
    }
    const now = new Set(result.data.data.granted);
    setBaseline(now);
    setTicked(new Set(now));
    toast({ severity: 'success', summary: 'Permissions saved', detail: result.data.message });
  };

  const disabled = !ready || submission.submitting || Boolean(locked);

  return (
    <form
      ref={submission.formRef}
      className="card space-y-4"
      data-ready={ready || undefined}
      aria-busy={submission.submitting}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      {locked && (
        <p
          role="note"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          {locked}
        </p>
      )}
      <FormAlert message={submission.message} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 grow sm:max-w-xs">
          <label htmlFor="matrix-search" className="block text-sm font-medium">
            Search areas
          </label>
          <input
            id="matrix-search"
            type="search"
            className={inputClass}
            placeholder="e.g. brands"
            value={query}
            disabled={!ready}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <p className="text-sm text-surface-600 dark:text-surface-300" aria-live="polite">
          {dirty ? `${diff.grant.length} to grant, ${diff.revoke.length} to revoke` : 'No unsaved changes'}
        </p>
      </div>
      {/* Focusable so the keyboard can scroll it sideways when no cell is (Super Admin's, all read-only). */}
      <div
        className="max-w-full overflow-x-auto rounded-lg border border-surface-200 focus-visible:outline-2 focus-visible:outline-primary-500 dark:border-surface-700"
        tabIndex={0}
        role="region"
        aria-label={`Permissions of ${subject}`}
      >
        <table className="min-w-full border-collapse text-sm">
          <caption className="sr-only">Permissions of {subject}: areas by actions</caption>
          <thead>
            <tr className="border-b border-surface-200 dark:border-surface-700">
              <th scope="col" className={`${stickyCell} px-3 py-2 text-left font-semibold`}>
                Area
              </th>
              {shape.actions.map((action) => {
                const t = toggleState(columnPerms(action));
                return (
                  <th key={action} scope="col" className="px-2 py-2 text-center align-bottom font-medium whitespace-nowrap">
                    <span className="block text-xs">{action}</span>
                    <input
                      type="checkbox"
                      className="mt-1 size-4 accent-[var(--primary-color)]"
                      aria-label={`All of this action: ${action}`}
                      title={`Every ${action} shown`}
                      checked={t.all}
                      ref={(el) => {
                        if (el) el.indeterminate = t.some;
                      }}
                      disabled={disabled || t.mine.length === 0}
                      onChange={() => setMany(t.mine, !t.all)}
                    />
                  </th>
                );
              })}
            </tr>
          </thead>
          {groups.map((g) => (
            <tbody key={g.label}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={shape.actions.length + 1}
                  className="bg-surface-50 px-3 py-1.5 text-left text-xs font-semibold tracking-wide uppercase dark:bg-surface-800"
                >
                  <span className="sticky left-3">{g.label}</span>
                </th>
              </tr>
              {g.rows.map((r) => {
                const t = toggleState(rowPerms(r));
                return (
                  <tr key={r.area} className="border-t border-surface-100 dark:border-surface-800" data-area={r.area}>
                    <th scope="row" className={`${stickyCell} px-3 py-1.5 text-left font-normal whitespace-nowrap`}>
                      <label className="inline-flex items-center gap-2">
                        <input
                          type="checkbox"
                          className="size-4 accent-[var(--primary-color)]"
                          aria-label={`All of this area: ${r.area}`}
                          checked={t.all}
                          ref={(el) => {
                            if (el) el.indeterminate = t.some;
                          }}
                          disabled={disabled || t.mine.length === 0}
                          onChange={() => setMany(t.mine, !t.all)}
                        />
                        <span>
                          <span className="font-medium">{r.area}</span>
                          {r.label !== r.area && <span className="block text-xs text-surface-600 dark:text-surface-300">{r.label}</span>}
                        </span>
                      </label>
                    </th>
                    {shape.actions.map((action) => {
                      if (!r.actions.includes(action)) return <td key={action} className="px-2 py-1.5" />;
                      const p = permissionOf(r.area, action);
                      const roles = fromRoles(p);
                      const why = roles.length
                        ? `From role ${roles.join(', ')}`
                        : !holds.has(p) && !ticked.has(p)
                          ? `You don't hold ${p}, so you can't grant it`
                          : undefined;
                      return (
                        <td key={action} className="px-2 py-1.5 text-center">
                          <input
                            type="checkbox"
                            className="size-4 accent-[var(--primary-color)]"
                            aria-label={roles.length ? `${r.area}: ${action} (from role ${roles.join(', ')})` : `${r.area}: ${action}`}
                            title={why ?? p}
                            data-source={roles.length ? 'role' : ticked.has(p) ? 'direct' : undefined}
                            checked={roles.length > 0 || ticked.has(p)}
                            disabled={disabled || !changeable(p)}
                            onChange={(e) => setMany([p], e.target.checked)}
                          />
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          ))}
        </table>
        {groups.length === 0 && <p className="p-4 text-sm">No area matches “{query}”.</p>}
      </div>
      {!locked && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-surface-200 pt-4 dark:border-surface-700">
          <Button
            variant="outline"
            disabled={!ready || !dirty || submission.submitting}
            onClick={() => {
              setTicked(new Set(baseline));
              submission.reset();
            }}
          >
            Undo changes
          </Button>
          <Button type="submit" loading={submission.submitting} disabled={!ready || !dirty}>
            Save permissions
          </Button>
        </div>
      )}
    </form>
  );
}
