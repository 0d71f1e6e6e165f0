/**
 * The relation pickers' code, loaded only by pages that show one (RelationPicker.tsx lazily imports
 * it, so a form without a relation field doesn't carry TanStack Query).
 * Pickers for records of another area (a city's state, a zone's delivery partner): options come
 * from GET /api/<area>/options, searched on the server as the person types, so a picker over
 * 19,000 pincodes sends 50 at a time. `RelationField` is the form's single choice, an editable
 * WAI-ARIA combobox; `RelationChecklist` is a column filter's multiple choice. Not Headless UI's
 * Combobox: it brought ~45 KiB gzip to every list and form page (decision 011). Options are read
 * with TanStack Query like every island's data (src/lib/http/query-client.ts).
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/http/client.ts';
import { useIslandQueryClient, useDebounced } from '@/lib/http/query-client.ts';
import { queryKeys, type OptionsParams } from '@/lib/areas/query-keys.ts';
import { inSentence, type AreaField } from '@/lib/areas/area.ts';
import { errorTextClass, hintClass, inputClass } from '@/components/ui/styles.ts';
import { FieldLabel } from '@/components/ui/fields.tsx';
import { relationHint, waitsForParent } from './relation-hint.ts';
import { AddressNote } from './AddressNote.tsx';

export interface RelationOption {
  value: number;
  label: string;
  inactive?: boolean;
}

type Filters = Record<string, { operator: 'and'; constraints: { matchMode: 'equals' | 'in'; value: unknown }[] }>;

/** One empty list, so effects that depend on the options don't rerun on every render. */
const NO_OPTIONS: RelationOption[] = [];

/** The list's tallest (16rem, as `max-h-64`), its shortest when space is tight, and its gap from the input, in CSS pixels. */
const LIST_MAX_HEIGHT = 256;
const LIST_MIN_HEIGHT = 96;
const LIST_GAP = 4;

/** Typing waits a moment before asking the server; opening the list asks at once. */
const TYPING_DEBOUNCE_MS = 200;

/** Options matching `q` (debounced) and `filters`; `ids` instead fetches exactly those records' labels. */
export function useRelationOptions(
  area: string,
  { q = '', filters, ids, enabled = true }: { q?: string; filters?: Filters; ids?: number[]; enabled?: boolean },
) {
  const typed = q.trim();
  const search = useDebounced(typed, TYPING_DEBOUNCE_MS);
  const params: OptionsParams = {
    q: search || undefined,
    filters: filters && Object.keys(filters).length ? JSON.stringify(filters) : undefined,
    ids: ids?.join(','),
  };
  const result = useQuery<RelationOption[]>(
    {
      queryKey: queryKeys(area).options(params),
      queryFn: ({ signal }) => api.get<{ data: RelationOption[] }>(`/api/${area}/options`, { ...params }, signal).then((res) => res.data),
      enabled: enabled && !(ids && ids.length === 0),
      // While the next search loads, the last choices stay listed.
      placeholderData: keepPreviousData,
    },
    useIslandQueryClient(),
  );
  const active = enabled && !(ids && ids.length === 0);
  return {
    options: (active && result.data) || NO_OPTIONS,
    loading: active && (result.isFetching || search !== typed),
    error:
      active && result.error
        ? result.error instanceof ApiError
          ? result.error.message
          : 'The choices could not be loaded. Check the connection and try again.'
        : null,
  };
}

const optionText = (o: RelationOption) => (o.inactive ? `${o.label} (inactive)` : o.label);

export interface RelationFieldProps {
  field: AreaField;
  id: string;
  /** The chosen record's id, as a string ('' when none). */
  value: string;
  /** The chosen record's label when the page already knows it (the record's `<x>_name`). */
  initialLabel?: string;
  /** The value of the field this one depends on ('' = not chosen yet). */
  parentValue?: string;
  parentLabel?: string;
  /** A choice was made: the record's id ('' for none) and its label. */
  onChange: (value: string, label?: string) => void;
  /** What the person types in the box, as they type it (an address's pincode fills the rest from it). */
  onQuery?: (text: string) => void;
  /** A status line under the field (what an address fill did). */
  note?: string;
  error?: string[];
  required?: boolean;
  disabled?: boolean;
  /** Text the person typed before this code arrived (RelationPicker): searched at once. */
  initialQuery?: string;
  /** Take the focus on mount: the person was in the field while this code loaded. */
  autoFocus?: boolean;
  /** With autoFocus: the text selection the person had, so what they type next lands the same. */
  initialSelection?: [number, number];
}

export default function RelationCombobox({
  field,
  id,
  value,
  initialLabel,
  parentValue,
  parentLabel,
  onChange,
  onQuery,
  note,
  error,
  required,
  disabled,
  initialQuery,
  autoFocus,
  initialSelection,
}: RelationFieldProps) {
  const relation = field.relation!;
  // What was typed before this code arrived has already become the choice (an address's pincode,
  // filled from its lookup meanwhile): there is nothing left to offer, so the list stays shut.
  const typedIsChoice = Boolean(value) && initialQuery !== undefined && initialQuery.trim() !== '' && initialQuery.trim() === initialLabel?.trim();
  const [query, setQuery] = useState(typedIsChoice ? '' : (initialQuery ?? ''));
  const [typing, setTyping] = useState(initialQuery !== undefined && !typedIsChoice);
  const [open, setOpen] = useState(Boolean(autoFocus) && !typedIsChoice);
  // The focus this input takes on mount (autoFocus) is the person's earlier focus moving over, not a
  // new visit: it doesn't open a list that typedIsChoice kept shut.
  const keepShutOnMountFocus = useRef(typedIsChoice && Boolean(autoFocus));
  const [active, setActive] = useState(0);
  // The label of a value this picker chose or looked up itself; any other value is labelled by the form (initialLabel).
  const [known, setKnown] = useState<{ value: string; label: string } | null>(null);
  const label = !value ? undefined : known?.value === value ? known.label : initialLabel;
  const [above, setAbove] = useState(false);
  const [maxHeight, setMaxHeight] = useState<number | undefined>();
  const root = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Before the browser hands the next key to the page: see RelationPicker.
  useLayoutEffect(() => {
    if (autoFocus && initialSelection) inputRef.current?.setSelectionRange(...initialSelection);
  }, []);
  const listRef = useRef<HTMLUListElement>(null);
  const waitingForParent = waitsForParent(field, parentValue);
  const filters: Filters | undefined =
    relation.dependsOn && parentValue
      ? { [relation.dependsOn.filter]: { operator: 'and', constraints: [{ matchMode: 'equals', value: Number(parentValue) }] } }
      : undefined;
  const { options, loading, error: loadError } = useRelationOptions(relation.area, { q: typing ? query : '', filters, enabled: open && !waitingForParent });
  // A value without a label (a record loaded without its related name): ask for it once.
  const needsLabel = Boolean(value) && label === undefined;
  const labelled = useRelationOptions(relation.area, { ids: needsLabel ? [Number(value)] : [], enabled: needsLabel });
  useEffect(() => {
    if (needsLabel && labelled.options[0]) setKnown({ value, label: labelled.options[0].label });
  }, [labelled.options, needsLabel]);
  const lastValue = useRef(value);
  useEffect(() => {
    // Set from outside (cleared because its parent changed, or filled from an address's pincode):
    // what was being typed or offered no longer applies.
    if (lastValue.current !== value) close();
    lastValue.current = value;
  }, [value]);
  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const none: RelationOption = { value: 0, label: relation.noneLabel ?? 'None' };
  const choices = relation.optional && !(typing && query) ? [none, ...options] : options;
  useEffect(
    () =>
      setActive(
        Math.max(
          0,
          choices.findIndex((o) => String(o.value) === value),
        ),
      ),
    [options],
  );
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open]);
  // The list opens where there is room in what the person sees: the visual viewport, which an
  // on-screen keyboard or a pinch zoom makes smaller than the window. Below by default; above
  // when it doesn't fit below and there is more room above. Measured again while open, as the
  // keyboard comes and goes and the page scrolls.
  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const input = inputRef.current;
      const list = listRef.current;
      if (!input || !list) return;
      const seen = window.visualViewport;
      const top = seen ? seen.offsetTop : 0;
      const bottom = seen ? seen.offsetTop + seen.height : window.innerHeight;
      const box = input.getBoundingClientRect();
      const roomBelow = bottom - box.bottom - LIST_GAP;
      const roomAbove = box.top - top - LIST_GAP;
      const wanted = Math.min(list.scrollHeight, LIST_MAX_HEIGHT);
      const flip = roomBelow < wanted && roomAbove > roomBelow;
      setAbove(flip);
      setMaxHeight(Math.max(LIST_MIN_HEIGHT, Math.min(LIST_MAX_HEIGHT, flip ? roomAbove : roomBelow)));
    };
    place();
    const seen = window.visualViewport;
    seen?.addEventListener('resize', place);
    seen?.addEventListener('scroll', place);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { capture: true, passive: true });
    return () => {
      seen?.removeEventListener('resize', place);
      seen?.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, { capture: true });
    };
  }, [open, choices.length, loading]);

  // An optional relation left empty says what empty means ("Platform").
  const shown = typing ? query : value ? (label ?? '') : (relation.optional && relation.noneLabel) || '';
  const close = () => {
    setOpen(false);
    setTyping(false);
    setQuery('');
  };
  const choose = (o: RelationOption) => {
    if (o.value) setKnown({ value: String(o.value), label: o.label });
    lastValue.current = o.value ? String(o.value) : '';
    onChange(o.value ? String(o.value) : '', o.value ? o.label : undefined);
    close();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(choices.length - 1, 0)));
    } else if (e.key === 'Home' && open) {
      e.preventDefault();
      setActive(0);
    } else if (e.key === 'End' && open) {
      e.preventDefault();
      setActive(Math.max(choices.length - 1, 0));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const o = choices[active];
      if (o) choose(o);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab' && open) close();
  };

  const listId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hint = relationHint(field, parentLabel, waitingForParent);
  const message = error?.[0];
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <div ref={root} className={field.wide ? 'md:col-span-2' : ''}>
      <FieldLabel htmlFor={id} label={field.label} required={required} />
      <div className="relative mt-1">
        {/* The WAI-ARIA combobox pattern (editable, list autocomplete): focus stays in the input, the active option is aria-activedescendant. */}
        <input
          ref={inputRef}
          id={id}
          name={field.name}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && choices[active] ? optionId(active) : undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={[hint ? hintId : '', message ? errorId : ''].filter(Boolean).join(' ') || undefined}
          className={`${inputClass} pr-9`}
          placeholder={waitingForParent ? '' : (field.placeholder ?? `Search ${inSentence(field.label)}…`)}
          autoComplete="off"
          autoFocus={autoFocus}
          disabled={disabled || waitingForParent}
          value={shown}
          onFocus={() => {
            if (keepShutOnMountFocus.current) keepShutOnMountFocus.current = false;
            else setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            setOpen(true);
            setTyping(true);
            setQuery(e.target.value);
            onQuery?.(e.target.value);
          }}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Show ${inSentence(field.label)} choices`}
          disabled={disabled || waitingForParent}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-surface-500"
          onClick={() => (open ? close() : (setOpen(true), document.getElementById(id)?.focus()))}
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true">
            <path fill="currentColor" d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
          </svg>
        </button>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={field.label}
          hidden={!open}
          data-placement={above ? 'above' : 'below'}
          style={{ maxHeight }}
          className={`absolute z-30 max-h-64 w-full overflow-auto rounded-lg border border-surface-200 bg-white py-1 text-sm shadow-lg dark:border-surface-700 dark:bg-surface-800 ${above ? 'bottom-full mb-1' : 'top-full mt-1'}`}
        >
          {loadError ? (
            <li role="alert" className="px-3 py-2 text-red-600 dark:text-red-400">
              {loadError}
            </li>
          ) : choices.length === 0 ? (
            <li className="px-3 py-2 text-surface-500">
              {loading ? 'Loading…' : typing && query ? `No ${field.label.toLowerCase()} matches “${query}”.` : 'Nothing to choose yet.'}
            </li>
          ) : (
            choices.map((o, i) => (
              <li
                key={o.value}
                id={optionId(i)}
                data-index={i}
                role="option"
                aria-selected={String(o.value) === value || (!value && o.value === 0)}
                className={`cursor-pointer px-3 py-2 aria-selected:font-semibold ${i === active ? 'bg-primary/10' : ''}`}
                // Keep focus in the input: a mousedown on the list would blur it first.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => choose(o)}
              >
                {optionText(o)}
              </li>
            ))
          )}
        </ul>
      </div>
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {message && (
        <p id={errorId} className={errorTextClass}>
          {message}
        </p>
      )}
      {field.addressPincode && <AddressNote text={note} />}
    </div>
  );
}

/**
 * A column filter's multiple choice: a search box and checkboxes. The chosen records stay listed
 * first (their labels fetched by id when the filter comes from the URL).
 */
export function RelationChecklist({
  area,
  label,
  picked,
  onChange,
  id,
}: {
  area: string;
  label: string;
  picked: number[];
  onChange: (ids: number[]) => void;
  id: string;
}) {
  const [query, setQuery] = useState('');
  const found = useRelationOptions(area, { q: query });
  const [known, setKnown] = useState<Record<number, string>>({});
  const unknownIds = picked.filter((v) => !(v in known));
  const labelled = useRelationOptions(area, { ids: unknownIds, enabled: unknownIds.length > 0 });
  useEffect(() => {
    const add = [...found.options, ...labelled.options].filter((o) => known[o.value] !== o.label);
    if (add.length) setKnown({ ...known, ...Object.fromEntries(add.map((o) => [o.value, o.label])) });
  }, [found.options, labelled.options]);
  const rest = found.options.filter((o) => !picked.includes(o.value));
  const toggle = (v: number, on: boolean) => onChange(on ? [...picked, v] : picked.filter((x) => x !== v));
  return (
    <div className="mt-2">
      <input
        id={id}
        type="search"
        aria-label={`Search ${label.toLowerCase()}`}
        placeholder={`Search ${label.toLowerCase()}…`}
        className={inputClass}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <fieldset className="mt-2 max-h-56 space-y-1 overflow-auto">
        <legend className="sr-only">{label}</legend>
        {[...picked.map((v) => ({ value: v, label: known[v] ?? `#${v}` })), ...rest].map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input type="checkbox" checked={picked.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)} />
            {o.label}
          </label>
        ))}
        {found.error && (
          <p role="alert" className="text-red-600 dark:text-red-400">
            {found.error}
          </p>
        )}
        {!found.loading && !found.error && rest.length === 0 && picked.length === 0 && (
          <p className="text-surface-500">{query ? `Nothing matches “${query}”.` : 'Nothing to choose.'}</p>
        )}
      </fieldset>
    </div>
  );
}
