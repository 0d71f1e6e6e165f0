/**
 * A product matrix's values: the chosen group's values as checkboxes, in the group's order (a
 * colour value with its swatch), "All" and "None". It follows the form's group field: another
 * group clears the choice, since values belong to one group. The value travels as JSON text (the
 * ids, in the group's order) and is checked by the area's schema and, against the group, by the
 * server. Reads the group through the one HTTP client, without TanStack Query: one read per group
 * chosen needs no cache, and the query client (10 KiB gzip) would put the form's page over its
 * JavaScript budget before anyone touches it.
 */
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/http/client.ts';
import { buttonClass, errorTextClass, hintClass } from '@/components/ui/styles.ts';
import { isHexColour, needsOutline } from '@/lib/colour/contrast.ts';
import type { CustomFieldProps } from '@/components/form/custom-field.ts';

interface GroupValue {
  id: number;
  value: string;
  swatch: string | null;
}

function readIds(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export default function MatrixValuesField({ field, id, value, onChange, errors, values: form, required, disabled }: CustomFieldProps) {
  const { groupField } = field.custom!.options as { groupField: string };
  const groupId = form[groupField] ?? '';
  const chosen = new Set(readIds(value));
  const [group, setGroup] = useState<{ id: string; values: GroupValue[]; error: string }>({ id: '', values: [], error: '' });
  useEffect(() => {
    if (!/^\d+$/.test(groupId)) return;
    const abort = new AbortController();
    api
      .get<{ data: { values: GroupValue[] } }>(`/api/product-matrix-groups/${groupId}`, undefined, abort.signal)
      .then((answer) => setGroup({ id: groupId, values: answer.data.values, error: '' }))
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setGroup({ id: groupId, values: [], error: e instanceof Error ? e.message : String(e) });
      });
    return () => abort.abort();
  }, [groupId]);
  // What was read for another group is never shown for this one.
  const groupValues = group.id === groupId ? group.values : [];
  const groupError = group.id === groupId ? group.error : '';

  // Another group: the values chosen belong to the old one.
  const previousGroup = useRef(groupId);
  useEffect(() => {
    if (previousGroup.current !== groupId && previousGroup.current !== '') onChange('[]');
    previousGroup.current = groupId;
  }, [groupId, onChange]);

  const save = (ids: Set<number>) => onChange(JSON.stringify(groupValues.filter((v) => ids.has(v.id)).map((v) => v.id)));
  const toggle = (valueId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(valueId);
    else next.delete(valueId);
    save(next);
  };
  const error = errors[field.name]?.[0] ?? Object.entries(errors).find(([k]) => k.startsWith(`${field.name}.`))?.[1][0];

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0 md:col-span-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} disabled={disabled}>
      <legend className="text-sm font-medium text-surface-800 dark:text-surface-100">
        {field.label}
        {required && (
          <span className="text-red-600 dark:text-red-400" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      <p id={`${id}-hint`} className={hintClass}>
        {groupId ? `${chosen.size} of ${groupValues.length} chosen, in the group’s order.` : 'Choose a group first: its values are listed here.'}
      </p>
      {groupError && <p className={errorTextClass}>The group’s values could not be loaded. {groupError}</p>}
      {groupValues.length > 0 && (
        <>
          <div className="mt-2 flex gap-2">
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => save(new Set(groupValues.map((v) => v.id)))}>
              All
            </button>
            <button type="button" className={buttonClass('ghost', 'sm')} onClick={() => save(new Set())}>
              None
            </button>
          </div>
          <ul className="mt-1 flex flex-wrap gap-2">
            {groupValues.map((v, i) => (
              <li key={v.id}>
                <label className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-lg border border-surface-300 px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10 dark:border-surface-700">
                  <input
                    type="checkbox"
                    id={i === 0 ? id : undefined}
                    className="size-4"
                    checked={chosen.has(v.id)}
                    onChange={(e) => toggle(v.id, e.target.checked)}
                  />
                  {isHexColour(v.swatch) && (
                    <span
                      className="inline-block size-4 rounded-full"
                      style={{ background: v.swatch, boxShadow: needsOutline(v.swatch) ? 'inset 0 0 0 1px #9ca3af' : undefined }}
                      aria-hidden="true"
                    />
                  )}
                  {v.value}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      {error && (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
