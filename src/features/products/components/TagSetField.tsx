/**
 * A product's tags: a checkbox per tag (a multi-select that works by keyboard and on a phone
 * without a popup), with a box that narrows the list by name. Tags come from
 * GET /api/tags/options (open to every signed-in user); the value travels as JSON text ("[1,4]")
 * and the area's schema checks it (`productTagIds` in ../product.area.ts). An inactive tag
 * already on the product stays listed (and can be removed); it isn't offered otherwise.
 */
import { useEffect, useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import { errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from '@/components/form/custom-field.ts';

interface TagOption {
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

export default function TagSetField({ field, id, value, onChange, errors, disabled }: CustomFieldProps) {
  const chosen = read(value);
  const [query, setQuery] = useState('');
  const [offered, setOffered] = useState<TagOption[] | null>(null);
  const [labels, setLabels] = useState<Record<number, TagOption>>({});
  const [loadError, setLoadError] = useState<string | null>(null);

  // The tags matching what is typed (all of them, up to the server's 50, when nothing is).
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<{ data: TagOption[] }>(`/api/tags/options${query.trim() ? `?${new URLSearchParams({ q: query.trim() })}` : ''}`)
        .then(({ data }) => {
          if (!live) return;
          setOffered(data);
          setLabels((known) => ({ ...known, ...Object.fromEntries(data.map((t) => [t.value, t])) }));
        })
        .catch((e: unknown) => live && setLoadError(e instanceof ApiError ? e.message : 'The tags could not be loaded.'));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  // Labels of tags already chosen that the list above doesn't hold (a saved product's).
  const unknown = chosen.filter((t) => !labels[t]);
  useEffect(() => {
    if (!unknown.length) return;
    let live = true;
    api
      .get<{ data: TagOption[] }>(`/api/tags/options?ids=${unknown.join(',')}`)
      .then(({ data }) => live && setLabels((known) => ({ ...known, ...Object.fromEntries(data.map((t) => [t.value, t])) })))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [unknown.join(',')]); // the ids' text: a new array of the same ids must not refetch

  const error = errors[field.name]?.[0];
  const toggle = (tagId: number, on: boolean) => {
    const next = on ? [...new Set([...chosen, tagId])] : chosen.filter((t) => t !== tagId);
    onChange(JSON.stringify(next.sort((a, b) => a - b)));
  };
  const shown = [
    ...chosen.map((t) => labels[t]).filter((t): t is TagOption => Boolean(t)),
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
      <input
        type="search"
        className={`${inputClass} mt-2 max-w-xs`}
        aria-label={`Find ${field.label.toLowerCase()}`}
        placeholder="Find a tag"
        value={query}
        disabled={disabled}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      {loadError && <p className={errorTextClass}>{loadError}</p>}
      {!offered && !loadError && <p className={hintClass}>Loading tags…</p>}
      {offered && shown.length === 0 && <p className={hintClass}>No tag matches “{query}”.</p>}
      <ul className="mt-2 grid gap-2 sm:grid-cols-2 md:grid-cols-3">
        {shown.map((tag) => (
          <li key={tag.value}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 rounded border-surface-300"
                checked={chosen.includes(tag.value)}
                disabled={disabled}
                onChange={(e) => toggle(tag.value, e.currentTarget.checked)}
              />
              {tag.label}
              {tag.inactive && <span className="text-xs text-surface-500">(inactive)</span>}
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
