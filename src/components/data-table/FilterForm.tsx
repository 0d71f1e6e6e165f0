/**
 * The form inside a column's filter (spec §9 match modes): one or more rules, each a match mode and
 * a value, combined with Match All (and) or Match Any (or). Values are typed by the column's kind;
 * "in" takes a comma-separated list (or checkboxes for an enum), "between" two bounds. Loaded when a
 * filter first opens (ColumnFilter.tsx), so a list's first paint does not carry it.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { MODES_BY_KIND, type FieldFilter, type MatchMode } from '@/lib/list/list-query.ts';
import type { AreaColumn } from '@/lib/areas/area.ts';
import { buttonClass, inputClass } from '@/components/ui/styles.ts';
import { paiseToRupeesText, rupeesTextToPaise } from '@/lib/money/paise.ts';

// Only a relation column's filter needs it: loaded when such a filter opens, not with every list.
const RelationChecklist = lazy(() => import('@/components/form/RelationCombobox.tsx').then((m) => ({ default: m.RelationChecklist })));

export const MODE_LABELS: Record<MatchMode, string> = {
  startsWith: 'Starts with',
  contains: 'Contains',
  notContains: 'Not contains',
  endsWith: 'Ends with',
  equals: 'Equals',
  notEquals: 'Not equals',
  in: 'In list',
  lt: 'Less than',
  lte: 'Less than or equal to',
  gt: 'Greater than',
  gte: 'Greater than or equal to',
  between: 'Between',
  dateIs: 'Date is',
  dateIsNot: 'Date is not',
  dateBefore: 'Date is before',
  dateAfter: 'Date is after',
};

const MAX_RULES = 5;

interface Rule {
  mode: MatchMode;
  a: string;
  b: string;
  picked: string[];
}

const defaultMode = (kind: AreaColumn['kind']): MatchMode => (kind === 'text' ? 'contains' : kind === 'date' ? 'dateIs' : 'equals');
/** A relation column filters on the related record's id, picked from a list: "in" is its one mode. */
const modesOf = (column: AreaColumn): readonly MatchMode[] => (column.relation ? ['in'] : MODES_BY_KIND[column.kind]);
const blank = (column: AreaColumn): Rule => ({ mode: column.relation ? 'in' : defaultMode(column.kind), a: '', b: '', picked: [] });

/** A money column's filter is typed in rupees and sent in paise (as typed, for the server to refuse, when it isn't an amount). */
const fromRupees = (s: string): number | string => rupeesTextToPaise(s) ?? s.trim();
const asTyped = (column: AreaColumn, v: unknown) => (column.money && typeof v === 'number' ? paiseToRupeesText(v, { grouping: false }) : String(v));

function toRules(column: AreaColumn, filter: FieldFilter | undefined): Rule[] {
  if (!filter?.constraints.length) return [blank(column)];
  return filter.constraints.map(({ matchMode, value }) => {
    const list = Array.isArray(value) ? value.map((v) => (v === null ? '' : asTyped(column, v))) : [];
    if (matchMode === 'between') return { mode: matchMode, a: list[0] ?? '', b: list[1] ?? '', picked: [] };
    if (matchMode === 'in') return { mode: matchMode, a: list.join(', '), b: '', picked: list };
    return { mode: matchMode, a: value == null ? '' : asTyped(column, value), b: '', picked: [] };
  });
}

function toConstraint(column: AreaColumn, r: Rule) {
  const typed = (s: string) => (column.money ? fromRupees(s) : column.kind === 'number' ? Number(s) : s);
  if (r.mode === 'between') return r.a || r.b ? { matchMode: r.mode, value: [r.a ? typed(r.a) : null, r.b ? typed(r.b) : null] } : null;
  if (column.relation) return r.picked.length ? { matchMode: 'in' as const, value: r.picked.map(Number) } : null;
  if (r.mode === 'in') {
    const values =
      column.kind === 'enum'
        ? r.picked
        : r.a
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
            .map(typed);
    return values.length ? { matchMode: r.mode, value: values } : null;
  }
  return r.a.trim() ? { matchMode: r.mode, value: typed(r.a.trim()) } : null;
}

function ValueInput({ column, rule, set, id }: { column: AreaColumn; rule: Rule; set: (r: Partial<Rule>) => void; id: string }) {
  // Rupees are typed as people write them ("1,299.50"): a text box with the decimal keypad.
  const type = column.kind === 'number' && !column.money ? 'number' : column.kind === 'date' ? 'date' : 'text';
  const label = `${column.header} value`;
  if (column.relation) {
    return (
      <Suspense fallback={<p className="mt-2 text-surface-500">Loading…</p>}>
        <RelationChecklist
          id={id}
          area={column.relation.area}
          label={column.header}
          picked={rule.picked.map(Number)}
          onChange={(ids) => set({ picked: ids.map(String) })}
        />
      </Suspense>
    );
  }
  if (column.kind === 'enum' && rule.mode === 'in') {
    return (
      <fieldset className="mt-2 space-y-1">
        <legend className="sr-only">{label}</legend>
        {column.options?.map((o) => (
          <label key={o.value} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={rule.picked.includes(o.value)}
              onChange={(e) => set({ picked: e.target.checked ? [...rule.picked, o.value] : rule.picked.filter((v) => v !== o.value) })}
            />
            {o.label}
          </label>
        ))}
      </fieldset>
    );
  }
  if (column.kind === 'enum' || column.kind === 'boolean') {
    const options = column.options ?? [
      { value: 'true', label: 'Yes' },
      { value: 'false', label: 'No' },
    ];
    return (
      <select id={id} aria-label={label} className={`${inputClass} mt-2`} value={rule.a} onChange={(e) => set({ a: e.target.value })}>
        <option value="">Any</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (rule.mode === 'between') {
    return (
      <div className="mt-2 grid grid-cols-2 gap-2">
        <input
          id={id}
          type={type}
          inputMode={column.money ? 'decimal' : undefined}
          aria-label={`${column.header} from`}
          placeholder="From"
          className={inputClass}
          value={rule.a}
          onChange={(e) => set({ a: e.target.value })}
        />
        <input
          type={type}
          inputMode={column.money ? 'decimal' : undefined}
          aria-label={`${column.header} to`}
          placeholder="To"
          className={inputClass}
          value={rule.b}
          onChange={(e) => set({ b: e.target.value })}
        />
      </div>
    );
  }
  return (
    <input
      id={id}
      type={rule.mode === 'in' ? 'text' : type}
      aria-label={label}
      placeholder={rule.mode === 'in' ? 'Values, separated by commas' : 'Value'}
      className={`${inputClass} mt-2`}
      value={rule.a}
      onChange={(e) => set({ a: e.target.value })}
    />
  );
}

export default function FilterForm({
  column,
  value,
  onApply,
  close,
}: {
  column: AreaColumn;
  value?: FieldFilter;
  onApply: (f?: FieldFilter) => void;
  close: () => void;
}) {
  const [rules, setRules] = useState(() => toRules(column, value));
  const [operator, setOperator] = useState<'and' | 'or'>(value?.operator ?? 'and');
  const id = useId();
  const modes = modesOf(column);
  const update = (i: number, patch: Partial<Rule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // The popover moves focus into its panel as it opens; this form may arrive a moment later (it loads on
  // first use), so it takes the focus itself when it is not already inside.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!form.current?.contains(document.activeElement)) form.current?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, []);
  const apply = () => {
    const constraints = rules.map((r) => toConstraint(column, r)).filter((c) => c !== null);
    onApply(constraints.length ? { operator, constraints } : undefined);
    close();
  };
  return (
    <form
      ref={form}
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      {rules.length > 1 && (
        <select aria-label="Match rules" className={`${inputClass} mb-3`} value={operator} onChange={(e) => setOperator(e.target.value as 'and' | 'or')}>
          <option value="and">Match All</option>
          <option value="or">Match Any</option>
        </select>
      )}
      {rules.map((rule, i) => (
        <div key={i} className="mb-3 border-b border-surface-200 pb-3 dark:border-surface-700">
          <select
            aria-label={`${column.header} match mode${rules.length > 1 ? ` ${i + 1}` : ''}`}
            className={inputClass}
            value={rule.mode}
            onChange={(e) => update(i, { mode: e.target.value as MatchMode })}
          >
            {modes.map((m) => (
              <option key={m} value={m}>
                {MODE_LABELS[m]}
              </option>
            ))}
          </select>
          <ValueInput column={column} rule={rule} set={(p) => update(i, p)} id={`${id}-${i}`} />
          {rules.length > 1 && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm', 'mt-1 text-red-600 dark:text-red-400')}
              onClick={() => setRules(rules.filter((_, j) => j !== i))}
            >
              Remove Rule
            </button>
          )}
        </div>
      ))}
      {rules.length < MAX_RULES && (
        <button type="button" className={buttonClass('ghost', 'sm', 'mb-3')} onClick={() => setRules([...rules, blank(column)])}>
          Add Rule
        </button>
      )}
      <div className="flex justify-between gap-2">
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          onClick={() => {
            onApply(undefined);
            close();
          }}
        >
          Clear
        </button>
        <button type="submit" className={buttonClass('primary', 'sm')}>
          Apply
        </button>
      </div>
    </form>
  );
}
