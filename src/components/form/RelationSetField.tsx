/**
 * A set of another area's records, picked by name: a checkbox per record (a multi-select that
 * works by keyboard and on a phone without a popup), with a box that narrows the list by name.
 * The records come from GET /api/<area>/options (the pickers' contract: `?q=` searches, `?ids=`
 * names the chosen ones); the value travels as JSON text ("[1,4]") and the area's schema checks
 * it. An inactive record already chosen stays listed (and can be removed); it isn't offered
 * otherwise. `field.custom.options`: RelationSetOptions (a product's tags, a promotion's
 * categories, products or vendors; a user's roles, from their own list and without the box).
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from './custom-field.ts';

export interface RelationSetOptions {
  /** The related area's key: its options are GET /api/<area>/options. */
  area?: string;
  /** Instead, another address answering as the options do (a user's roles: GET /api/users/roles). */
  path?: string;
  /** One record and several, in a sentence ("tag", "tags"). */
  noun: string;
  nouns: string;
  /** The box narrowing the list by name; off for a short list shown whole (the roles). Default on. */
  search?: boolean;
}

interface Choice {
  value: number;
  label: string;
  inactive?: boolean;
}

function read(value: string): number[] {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.map(Number).filter((n) => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

export default function RelationSetField({ field, id, value, onChange, errors, disabled }: CustomFieldProps) {
  const { area, path = `/api/${area}/options`, noun, nouns, search = true } = field.custom?.options as RelationSetOptions;
  const chosen = read(value);
  const [query, setQuery] = useState('');
  const [offered, setOffered] = useState<Choice[] | null>(null);
  const [labels, setLabels] = useState<Record<number, Choice>>({});
  const [loadError, setLoadError] = useState<string | null>(null);

  // The records matching what is typed (all of them, up to the server's 50, when nothing is).
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<{ data: Choice[] }>(`${path}${query.trim() ? `?${new URLSearchParams({ q: query.trim() })}` : ''}`)
        .then(({ data }) => {
          if (!live) return;
          setOffered(data);
          setLabels((known) => ({ ...known, ...Object.fromEntries(data.map((t) => [t.value, t])) }));
        })
        .catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : `The ${nouns} could not be loaded.`));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, path, nouns]);

  // Labels of records already chosen that the list above doesn't hold (a saved record's).
  const unknown = chosen.filter((t) => !labels[t]);
  useEffect(() => {
    if (!unknown.length) return;
    let live = true;
    api
      .get<{ data: Choice[] }>(`${path}?ids=${unknown.join(',')}`)
      .then(({ data }) => live && setLabels((known) => ({ ...known, ...Object.fromEntries(data.map((t) => [t.value, t])) })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unknown.join(','), path]); // the ids' text: a new array of the same ids must not refetch

  const error = errors[field.name]?.[0];
  const toggle = (recordId: number, on: boolean) => {
    const next = on ? [...new Set([...chosen, recordId])] : chosen.filter((t) => t !== recordId);
    onChange(JSON.stringify(next.sort((a, b) => a - b)));
  };
  const shown = [
    ...chosen.map((t) => labels[t]).filter((t): t is Choice => Boolean(t)),
    ...(offered ?? []).filter((t) => !t.inactive && !chosen.includes(t.value)),
  ];
  return (
    <fieldset
      id={id}
      className={field.wide ? 'md:col-span-2' : undefined}
      aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className={labelClass}>{field.label}</legend>
      {/* The hint alone, as the form drew it while this editor loaded: the count apart, so the text doesn't grow. */}
      <p id={`${id}-hint`} className={hintClass}>
        {field.hint}
      </p>
      <p id={`${id}-count`} className={hintClass}>
        {chosen.length ? `${chosen.length} chosen.` : 'None chosen.'}
      </p>
      {search && (
        <input
          type="search"
          className={`${inputClass} mt-2 max-w-xs`}
          aria-label={`Find ${field.label.toLowerCase()}`}
          placeholder={`Find a ${noun}`}
          value={query}
          disabled={disabled}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
      )}
      {loadError && <p className={errorTextClass}>{loadError}</p>}
      {!offered && !loadError && <p className={hintClass}>Loading {nouns}…</p>}
      {offered && shown.length === 0 && (
        <p className={hintClass}>
          No {noun} matches “{query}”.
        </p>
      )}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 md:grid-cols-3">
        {shown.map((choice) => (
          <li key={choice.value}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 rounded border-surface-300"
                checked={chosen.includes(choice.value)}
                disabled={disabled}
                onChange={(e) => toggle(choice.value, e.currentTarget.checked)}
              />
              {choice.label}
              {choice.inactive && <span className="text-xs text-surface-500">(inactive)</span>}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${id}-error`} className={errorTextClass}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
