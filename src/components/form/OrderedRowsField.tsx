/**
 * The form kit's ordered-rows input (`input: 'custom'`, component `ordered-rows`, options an
 * OrderedRowsSpec): rows the person adds, edits, moves up or down and removes, in the order they
 * are saved (a matrix group's values: S, M, L). A `colour` column is a colour picker with the hex
 * code typed or picked, and the row's preview chip: its name over the swatch in black or white,
 * whichever reads (src/lib/colour/contrast.ts). Every input is labelled by its row ("Swatch of
 * Red"); moving a row keeps the focus on its button, so the keyboard can move it again. The value
 * travels as JSON text and is checked by the area's schema (`orderedRows`), whose errors land on
 * the row and input they are about (`values.2.swatch`).
 */
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/ui/Icon.tsx';
import { iconArrowDown, iconArrowUp, iconPlus, iconTrash } from '@/components/data-table/icons.ts';
import { buttonClass, errorTextClass, hintClass } from '@/components/ui/styles.ts';
import { isHexColour, needsOutline, readableTextOn } from '@/lib/colour/contrast.ts';
import type { CustomFieldProps } from './custom-field.ts';
import { newRow, readRows, type OrderedRow, type OrderedRowsColumn, type OrderedRowsSpec } from './ordered-rows.ts';

const rowInput =
  'w-full min-w-0 rounded-md border border-surface-300 bg-surface-0 px-2 py-1.5 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-red-500 dark:border-surface-700 dark:bg-surface-950';
const smallIconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-surface-600 hover:bg-surface-100 disabled:opacity-40 disabled:hover:bg-transparent dark:text-surface-300 dark:hover:bg-surface-800';

export default function OrderedRowsField({ field, id, value, onChange, errors, values: form, required, disabled }: CustomFieldProps) {
  const spec = field.custom!.options as OrderedRowsSpec;
  const rows = readRows(value);
  const list = useRef<HTMLOListElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  // Errors of inputs edited since the last check are hidden: the person is fixing them.
  const [edited, setEdited] = useState<Set<string>>(new Set());
  useEffect(() => setEdited(new Set()), [errors]);
  useEffect(() => {
    if (!focusTarget) return;
    list.current?.parentElement?.querySelector<HTMLElement>(`[data-row-target="${focusTarget}"]`)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const columns = spec.columns.filter((c) => !c.showWhen || form[c.showWhen.field] === c.showWhen.equals);
  const colourColumn = columns.find((c) => c.input === 'colour');
  const key = (...parts: (string | number)[]) => [field.name, ...parts].join('.');
  const errorFor = (k: string) => (edited.has(k) || edited.has('*') ? undefined : errors[k]?.[0]);
  const save = (next: OrderedRow[], editedKey: string) => {
    setEdited(new Set([...edited, editedKey]));
    onChange(JSON.stringify(next));
  };
  const title = (i: number) => String(rows[i]?.[spec.titleKey] ?? '').trim() || `${capital(spec.noun)} ${i + 1}`;

  const setCell = (i: number, column: string, text: string) =>
    save(
      rows.map((r, k) => (k === i ? { ...r, [column]: text } : r)),
      key(i, column),
    );
  // Adding, removing or moving shifts positions: the errors shown no longer point at the right row.
  const add = () => {
    save([...rows, newRow(spec)], '*');
    setFocusTarget(`${rows.length}-${spec.titleKey}`);
  };
  const remove = (i: number) => {
    save(
      rows.filter((_, k) => k !== i),
      '*',
    );
    setFocusTarget(rows.length > 1 ? `${Math.min(i, rows.length - 2)}-${spec.titleKey}` : 'add');
  };
  const move = (i: number, by: -1 | 1) => {
    const to = i + by;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    [next[i], next[to]] = [next[to]!, next[i]!];
    save(next, '*');
    // Keep the focus on the same button of the moved row, or on the other one at an end.
    const edge = (by === -1 && to === 0) || (by === 1 && to === rows.length - 1);
    setFocusTarget(`${to}-${edge ? (by === -1 ? 'down' : 'up') : by === -1 ? 'up' : 'down'}`);
  };

  // The form focuses `id` after a failed save: it goes to the first input with an error.
  const order = rows.flatMap((_, i) => columns.map((c) => key(i, c.key)));
  const firstInvalid = order.find((k) => errorFor(k)) ?? key(0, spec.titleKey);
  const inputId = (k: string) => (k === firstInvalid ? id : undefined);
  const messageId = (k: string) => `${id}-${k.replace(/\./g, '-')}-error`;
  const general = Object.entries(errors)
    .filter(([k]) => !order.includes(k))
    .map(([, m]) => m[0])
    .filter((m): m is string => Boolean(m) && !edited.has('*'));

  const input = (i: number, c: OrderedRowsColumn) => {
    const k = key(i, c.key);
    const text = String(rows[i]?.[c.key] ?? '');
    const label = `${c.label} of ${title(i)}`;
    const common = {
      'aria-invalid': errorFor(k) ? true : undefined,
      'aria-describedby': errorFor(k) ? messageId(k) : undefined,
    } as const;
    if (c.input === 'colour')
      return (
        <div className="flex items-center gap-1.5">
          <input
            type="color"
            className="h-9 w-11 shrink-0 cursor-pointer rounded-md border border-surface-300 bg-surface-0 p-0.5 dark:border-surface-700"
            aria-label={`${label} (picker)`}
            value={isHexColour(text) ? text.toLowerCase() : '#000000'}
            onChange={(e) => setCell(i, c.key, e.target.value)}
          />
          <input
            data-row-target={`${i}-${c.key}`}
            id={inputId(k)}
            className={`${rowInput} w-24 font-mono`}
            aria-label={label}
            placeholder="#rrggbb"
            maxLength={7}
            autoComplete="off"
            spellCheck={false}
            value={text}
            onChange={(e) => setCell(i, c.key, e.target.value)}
            {...common}
          />
        </div>
      );
    return (
      <input
        data-row-target={`${i}-${c.key}`}
        id={inputId(k)}
        className={rowInput}
        aria-label={label}
        placeholder={c.placeholder}
        maxLength={c.maxLength}
        autoComplete="off"
        value={text}
        onChange={(e) => setCell(i, c.key, e.target.value)}
        {...common}
      />
    );
  };

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0 md:col-span-2" aria-describedby={`${id}-hint`} disabled={disabled}>
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
        {field.hint ?? `In the order shoppers see them.`} Up to {spec.maxRows} {spec.noun}s; move a {spec.noun} with its arrows.
      </p>
      <ol ref={list} className="mt-2 divide-y divide-surface-200 rounded-xl border border-surface-200 dark:divide-surface-700 dark:border-surface-700">
        {rows.map((r, i) => {
          const swatch = colourColumn ? String(r[colourColumn.key] ?? '') : '';
          const rowErrors = columns.map((c) => key(i, c.key)).filter((k) => errorFor(k));
          return (
            <li key={r.id ? `id-${r.id}` : `new-${i}`} className="flex flex-wrap items-center gap-2 px-2 py-2" data-testid="ordered-row">
              <span className="w-6 shrink-0 text-right text-xs text-surface-500 tabular-nums dark:text-surface-400" aria-hidden="true">
                {i + 1}.
              </span>
              {columns.map((c) => (
                <div key={c.key} className={c.input === 'colour' ? 'shrink-0' : 'min-w-32 flex-1'}>
                  {input(i, c)}
                </div>
              ))}
              {colourColumn && (
                <span
                  className="inline-flex h-9 min-w-16 items-center justify-center rounded-md px-2 text-xs font-semibold"
                  style={
                    isHexColour(swatch)
                      ? { background: swatch, color: readableTextOn(swatch), boxShadow: needsOutline(swatch) ? 'inset 0 0 0 1px #9ca3af' : undefined }
                      : undefined
                  }
                  data-testid="swatch-preview"
                  aria-hidden="true"
                >
                  {isHexColour(swatch) ? title(i) : '—'}
                </span>
              )}
              <div className="ml-auto flex shrink-0 items-center">
                <button
                  type="button"
                  data-row-target={`${i}-up`}
                  className={smallIconButton}
                  aria-label={`Move ${title(i)} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <Icon svg={iconArrowUp} className="size-4" />
                </button>
                <button
                  type="button"
                  data-row-target={`${i}-down`}
                  className={smallIconButton}
                  aria-label={`Move ${title(i)} down`}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <Icon svg={iconArrowDown} className="size-4" />
                </button>
                <button type="button" className={`${smallIconButton} hover:text-red-600`} aria-label={`Remove ${title(i)}`} onClick={() => remove(i)}>
                  <Icon svg={iconTrash} className="size-4" />
                </button>
              </div>
              {rowErrors.map((k) => (
                <p key={k} id={messageId(k)} className={`${errorTextClass} w-full pl-8`}>
                  {errorFor(k)}
                </p>
              ))}
            </li>
          );
        })}
        {rows.length === 0 && <li className="px-3 py-3 text-sm text-surface-500 dark:text-surface-400">No {spec.noun}s yet.</li>}
      </ol>
      <button type="button" data-row-target="add" className={`${buttonClass('ghost', 'sm')} mt-2`} disabled={rows.length >= spec.maxRows} onClick={add}>
        <Icon svg={iconPlus} className="size-4" /> Add {spec.noun}
      </button>
      {general.length > 0 && (
        <ul className="mt-2 space-y-0.5">
          {general.map((m) => (
            <li key={m} className={errorTextClass}>
              {m}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
