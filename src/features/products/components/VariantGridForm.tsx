/**
 * Add step 4: the option groups a product varies by (at most three; values picked one by one or
 * filled from a product matrix), the variant grid generated from them (every combination, which the
 * vendor prunes), and per variant its SKU (proposed from the pattern until edited), MRP and price in
 * rupees, cost (the vendor only), barcode, weight and opening stock per ships-from warehouse (new
 * variants only: later stock changes are the inventories screens'). Saves the whole grid through
 * PUT /api/products/{id}/variants; "Submit for review" saves, then asks for the review.
 */
import { useMemo, useState } from 'react';
import { EditableRows, type EditableRowsColumn } from '@/components/form/EditableRows.tsx';
import { useFormSubmission } from '@/components/form/use-form-submission.ts';
import { useLeaveGuard } from '@/components/form/use-leave-guard.ts';
import { FormAlert } from '@/components/ui/fields.tsx';
import { buttonClass, errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import { api, ApiError } from '@/lib/http/client.ts';
import { paiseToRupeesText } from '@/lib/money/paise.ts';
import { formSummary } from '@/lib/http/errors.ts';
import {
  combinationKey,
  defaultSkuPattern,
  generateVariantCombinations,
  MAX_OPTION_GROUPS,
  proposeSku,
  VariantGridError,
} from '@/features/products/variants.ts';

interface Group {
  id: number;
  name: string;
  values: { id: number; value: string }[];
}
interface SavedVariant {
  id: number;
  option_value_ids: number[];
  sku: string;
  mrp: number;
  price: number;
  cost?: number | null;
  barcode: string | null;
  weight_grams: number | null;
  stock: { warehouse_id: number; on_hand: number; reserved: number }[];
}
export interface VariantGridFormProps {
  productId: number;
  productName: string;
  version: number;
  skuPattern: string | null;
  groups: Group[];
  matrices: { id: number; name: string; groupId: number; valueIds: number[] }[];
  warehouses: { id: number; name: string; code: string }[];
  options: { group_id: number; value_ids: number[] }[];
  variants: SavedVariant[];
  /** The vendor sees and sets the cost price; staff don't. */
  showCost: boolean;
  /** A line to show first ("Delivery details saved."). */
  notice?: string;
}

interface Row extends Record<string, string> {
  sku: string;
  mrp: string;
  price: string;
  cost: string;
  barcode: string;
  weight_grams: string;
}
interface RowState {
  id: number | null;
  /** The SKU was typed, so the pattern no longer proposes it. */
  skuTyped: boolean;
  values: Row;
  /** Opening stock typed per warehouse id (new variants only). */
  stock: Record<number, string>;
  saved: SavedVariant['stock'];
}

/** The fields this form draws errors beside (by an error path's first part). */
const GRID_FIELDS: ReadonlySet<string> = new Set(['variants', 'options', 'sku_pattern']);

const rupees = (paise: number | null | undefined) => (paise === null || paise === undefined ? '' : paiseToRupeesText(paise, { grouping: false }));

function rowFromSaved(v: SavedVariant): RowState {
  return {
    id: v.id,
    skuTyped: true,
    values: {
      sku: v.sku,
      mrp: rupees(v.mrp),
      price: rupees(v.price),
      cost: rupees(v.cost),
      barcode: v.barcode ?? '',
      weight_grams: v.weight_grams === null ? '' : String(v.weight_grams),
    },
    stock: {},
    saved: v.stock,
  };
}

type GroupsById = Map<number, VariantGridFormProps['groups'][number]>;

/** The chosen option groups with their ticked values, in each group's own order of values. */
function choiceOf(chosen: { groupId: number; valueIds: number[] }[], groupsById: GroupsById) {
  return chosen.map((c) => {
    const group = groupsById.get(c.groupId);
    const values = (group?.values ?? []).filter((v) => c.valueIds.includes(v.id));
    return { groupId: c.groupId, name: group?.name ?? '', values };
  });
}

/** The combinations of `choice` that no saved variant has (none for a product not yet saved). */
function unsavedCombinations(choice: ReturnType<typeof choiceOf>, saved: VariantGridFormProps['variants']): Set<string> {
  if (saved.length === 0) return new Set();
  const savedKeys = new Set(saved.map((v) => combinationKey(v.option_value_ids)));
  try {
    return new Set(
      generateVariantCombinations(choice)
        .map((c) => combinationKey(c.valueIds))
        .filter((key) => !savedKeys.has(key)),
    );
  } catch (e) {
    if (e instanceof VariantGridError) return new Set();
    throw e;
  }
}

export default function VariantGridForm(props: VariantGridFormProps) {
  const groupsById = useMemo(() => new Map(props.groups.map((g) => [g.id, g])), [props.groups]);
  const [version, setVersion] = useState(props.version);
  const [chosen, setChosen] = useState<{ groupId: number; valueIds: number[] }[]>(() =>
    props.options.map((o) => ({ groupId: o.group_id, valueIds: o.value_ids })),
  );
  const [pattern, setPattern] = useState(props.skuPattern ?? '');
  const [rows, setRows] = useState<Map<string, RowState>>(() => new Map(props.variants.map((v) => [combinationKey(v.option_value_ids), rowFromSaved(v)])));
  // A saved product's grid is its saved variants: the combinations the vendor removed stay removed.
  const [pruned, setPruned] = useState<Set<string>>(() => unsavedCombinations(choiceOf(chosen, groupsById), props.variants));
  const [dirty, setDirty] = useState(false);
  const [notice, setNotice] = useState(props.notice ?? '');
  const form = useFormSubmission();
  const leave = useLeaveGuard(dirty);

  const choice = choiceOf(chosen, groupsById);
  const effectivePattern = pattern.trim() || defaultSkuPattern(choice.filter((c) => c.values.length).map((c) => c.name));
  let generationError = '';
  let combinations: ReturnType<typeof generateVariantCombinations> = [];
  try {
    combinations = generateVariantCombinations(choice);
  } catch (e) {
    if (!(e instanceof VariantGridError)) throw e;
    generationError = e.message;
  }
  const proposed = (values: string[]) =>
    proposeSku(effectivePattern, {
      product: { name: props.productName },
      options: choice.filter((c) => c.values.length).map((c, k) => ({ group: c.name, value: values[k] ?? '' })),
    });
  const visible = combinations
    .filter((c) => !pruned.has(combinationKey(c.valueIds)))
    .map((c) => {
      const key = combinationKey(c.valueIds);
      const state = rows.get(key) ?? {
        id: null,
        skuTyped: false,
        values: { sku: '', mrp: '', price: '', cost: '', barcode: '', weight_grams: '' },
        stock: {},
        saved: [],
      };
      const values = state.skuTyped ? state.values : { ...state.values, sku: proposed(c.values) };
      return { key, combination: c, state: { ...state, values } };
    });

  const touch = () => {
    setDirty(true);
    setNotice('');
  };
  const update = (key: string, change: (row: RowState) => RowState) => {
    touch();
    setRows((all) => {
      const next = new Map(all);
      const current = visible.find((v) => v.key === key)!.state;
      next.set(key, change(current));
      return next;
    });
  };

  const warehouseColumns: EditableRowsColumn[] = props.warehouses.map((w, j) => ({
    key: `stock-${w.id}`,
    label: `Opening stock, ${w.code}`,
    errorPath: `opening_stock.${j}.quantity`,
    inputMode: 'numeric',
    width: 'w-24',
    placeholder: '0',
    // Opening stock is set once, at creation: a saved variant's stock changes on the inventories screens.
    disabledFor: (i) => Boolean(visible[i]?.state.id),
  }));
  const columns: EditableRowsColumn[] = [
    { key: 'sku', label: 'SKU', required: true, width: 'w-44' },
    { key: 'mrp', label: 'MRP', prefix: '₹', inputMode: 'decimal', required: true, width: 'w-28' },
    { key: 'price', label: 'Price', prefix: '₹', inputMode: 'decimal', required: true, width: 'w-28' },
    ...(props.showCost ? [{ key: 'cost', label: 'Cost', prefix: '₹', inputMode: 'decimal', width: 'w-28' } as EditableRowsColumn] : []),
    { key: 'barcode', label: 'Barcode', inputMode: 'numeric', width: 'w-36' },
    { key: 'weight_grams', label: 'Weight (g)', inputMode: 'numeric', width: 'w-24', placeholder: 'Product’s' },
    ...warehouseColumns,
  ];
  const cells = visible.map(({ state }) => ({
    ...state.values,
    ...Object.fromEntries(props.warehouses.map((w) => [`stock-${w.id}`, state.id ? '' : (state.stock[w.id] ?? '')])),
  }));

  const payload = () => ({
    version,
    sku_pattern: pattern.trim() || null,
    options: choice.filter((c) => c.values.length).map((c) => ({ group_id: c.groupId, value_ids: c.values.map((v) => v.id) })),
    variants: visible.map(({ combination, state }) => ({
      ...(state.id ? { id: state.id } : {}),
      option_value_ids: combination.valueIds,
      sku: state.values.sku,
      mrp: state.values.mrp,
      price: state.values.price,
      ...(props.showCost ? { cost: state.values.cost || null } : {}),
      barcode: state.values.barcode || null,
      weight_grams: state.values.weight_grams || null,
      opening_stock: state.id ? [] : props.warehouses.map((w) => ({ warehouse_id: w.id, quantity: state.stock[w.id] || '0' })),
    })),
  });

  async function save(then: 'draft' | 'submit') {
    if (generationError) return form.showErrors({}, generationError);
    const sent = await form.send<{ message: string; data: { product: { version: number }; variants: SavedVariant[] } }>(
      `/api/products/${props.productId}/variants`,
      {
        method: 'PUT',
        body: payload(),
      },
    );
    if (!sent.ok) {
      if (sent.error.status === 409) return form.showErrors({}, sent.error.message);
      // The grid's errors are drawn beside their cells (`variants.2.price`): the line above only points at them.
      return form.showErrors(sent.error.fieldErrors, formSummary(sent.error.body, GRID_FIELDS));
    }
    const saved = sent.data.data;
    setVersion(saved.product.version);
    setRows(new Map(saved.variants.map((v) => [combinationKey(v.option_value_ids), rowFromSaved(v)])));
    setDirty(false);
    if (then === 'draft') return setNotice('Saved as draft.');
    try {
      await api.post(`/api/products/${props.productId}/submit`, { version: saved.product.version });
      leave.release();
      window.location.assign(`/products/${props.productId}/details`);
    } catch (e) {
      form.showErrors({}, `The variants are saved, but the product could not be submitted for review: ${e instanceof ApiError ? e.message : 'try again.'}`);
    }
  }

  const setGroup = (slot: number, groupId: number) => {
    touch();
    setChosen((all) => all.map((c, k) => (k === slot ? { groupId, valueIds: [] } : c)));
  };
  const toggleValue = (slot: number, valueId: number, on: boolean) => {
    touch();
    setChosen((all) => all.map((c, k) => (k === slot ? { ...c, valueIds: on ? [...c.valueIds, valueId] : c.valueIds.filter((v) => v !== valueId) } : c)));
  };
  const fillFromMatrix = (slot: number, matrixId: number) => {
    const matrix = props.matrices.find((m) => m.id === matrixId);
    if (!matrix) return;
    touch();
    setChosen((all) => all.map((c, k) => (k === slot ? { ...c, valueIds: matrix.valueIds } : c)));
  };
  const unused = props.groups.filter((g) => !chosen.some((c) => c.groupId === g.id));
  const groupLabel = (i: number) => visible[i]!.combination.values.join(' / ') || 'The product';
  const stockNote = (i: number) => {
    const saved = visible[i]!.state;
    if (!saved.id) return props.warehouses.length ? 'New: opening stock below' : 'New';
    const total = saved.saved.reduce((n, s) => n + s.on_hand, 0);
    return `Saved · ${total} on hand (stock changes on the inventories screens)`;
  };

  return (
    <form
      ref={form.formRef}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        void save(submitter?.value === 'submit' ? 'submit' : 'draft');
      }}
      className="space-y-6"
    >
      {notice && <FormAlert tone="success" message={notice} />}
      <FormAlert message={form.message ?? undefined} />

      <fieldset className="rounded-2xl border border-surface-200 bg-surface-0 p-5 sm:p-6 dark:border-surface-800 dark:bg-surface-900">
        <legend className="px-1 text-base font-semibold">Options</legend>
        <p className={hintClass}>
          Up to {MAX_OPTION_GROUPS} option groups (Size, Colour…) and the values this product comes in. A product without options has one variant.
        </p>
        <div className="mt-4 space-y-5">
          {chosen.map((c, slot) => {
            const group = groupsById.get(c.groupId);
            const matrices = props.matrices.filter((m) => m.groupId === c.groupId);
            return (
              <div key={slot} className="rounded-xl border border-surface-200 p-4 dark:border-surface-700">
                <div className="flex flex-wrap items-end gap-3">
                  <div className="min-w-40 flex-1">
                    <label htmlFor={`option-group-${slot}`} className={labelClass}>
                      Option group {slot + 1}
                    </label>
                    <select
                      id={`option-group-${slot}`}
                      className={`${inputClass} mt-1`}
                      value={c.groupId}
                      onChange={(e) => setGroup(slot, Number(e.target.value))}
                    >
                      {[group, ...unused]
                        .filter((g): g is Group => Boolean(g))
                        .map((g) => (
                          <option key={g.id} value={g.id}>
                            {g.name}
                          </option>
                        ))}
                    </select>
                  </div>
                  {matrices.length > 0 && (
                    <div className="min-w-40 flex-1">
                      <label htmlFor={`option-matrix-${slot}`} className={labelClass}>
                        Fill from a product matrix
                      </label>
                      <select
                        id={`option-matrix-${slot}`}
                        className={`${inputClass} mt-1`}
                        value=""
                        onChange={(e) => fillFromMatrix(slot, Number(e.target.value))}
                      >
                        <option value="">Choose a matrix</option>
                        {matrices.map((m) => (
                          <option key={m.id} value={m.id}>
                            {m.name}
                          </option>
                        ))}
                      </select>
                    </div>
                  )}
                  <button
                    type="button"
                    className={buttonClass('ghost', 'sm')}
                    onClick={() => {
                      touch();
                      setChosen((all) => all.filter((_, k) => k !== slot));
                    }}
                  >
                    Remove {group?.name ?? 'group'}
                  </button>
                </div>
                <fieldset className="mt-3">
                  <legend className="text-sm font-medium">{group?.name ?? 'Values'} values</legend>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {(group?.values ?? []).map((v) => {
                      const id = `option-${slot}-value-${v.id}`;
                      return (
                        <label
                          key={v.id}
                          htmlFor={id}
                          className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-full border border-surface-300 px-3 text-sm has-checked:border-primary has-checked:bg-primary/10 dark:border-surface-700"
                        >
                          <input
                            id={id}
                            type="checkbox"
                            className="size-4 accent-[var(--primary-color)]"
                            checked={c.valueIds.includes(v.id)}
                            onChange={(e) => toggleValue(slot, v.id, e.target.checked)}
                          />
                          {v.value}
                        </label>
                      );
                    })}
                  </div>
                  {form.errors[`options.${slot}.group_id`]?.[0] && <p className={errorTextClass}>{form.errors[`options.${slot}.group_id`]![0]}</p>}
                </fieldset>
              </div>
            );
          })}
        </div>
        {chosen.length < MAX_OPTION_GROUPS && unused.length > 0 && (
          <button
            type="button"
            className={`${buttonClass('outline', 'sm')} mt-4`}
            onClick={() => {
              touch();
              setChosen((all) => [...all, { groupId: unused[0]!.id, valueIds: [] }]);
            }}
          >
            Add an option group
          </button>
        )}
        <div className="mt-5 max-w-md">
          <label htmlFor="sku-pattern" className={labelClass}>
            SKU pattern
          </label>
          <input
            id="sku-pattern"
            name="sku_pattern"
            className={`${inputClass} mt-1`}
            value={pattern}
            placeholder={effectivePattern}
            onChange={(e) => {
              touch();
              setPattern(e.target.value);
            }}
            aria-describedby="sku-pattern-hint"
          />
          <p id="sku-pattern-hint" className={hintClass}>
            {'{PRODUCT}'} is a short code of the product’s name; each option group has its own token (
            {choice.map((c) => `{${c.name.toUpperCase()}}`).join(', ') || 'none yet'}). SKUs you type are kept.
          </p>
        </div>
      </fieldset>

      <section aria-labelledby="variants-heading" className="space-y-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="variants-heading" className="text-base font-semibold">
            Variants ({visible.length})
          </h2>
          {pruned.size > 0 && (
            <button
              type="button"
              className={buttonClass('ghost', 'sm')}
              onClick={() => {
                touch();
                setPruned(new Set());
              }}
            >
              Bring back {pruned.size} removed
            </button>
          )}
        </div>
        <p className={hintClass}>
          Prices in rupees; the price can’t be more than the MRP. {props.showCost ? 'The cost is yours only: staff never see it. ' : ''}
          {props.warehouses.length
            ? 'Opening stock is set once, when a variant is created.'
            : 'Choose the warehouses the product ships from in the delivery details to enter opening stock.'}
        </p>
        {generationError ? (
          <p className={errorTextClass} role="alert">
            {generationError}
          </p>
        ) : (
          <EditableRows
            name="variants"
            caption="Variants: one row per combination of options"
            rowLabel={groupLabel}
            rowNote={stockNote}
            rowKey={(i) => visible[i]!.key}
            columns={columns}
            rows={cells}
            errors={form.errors}
            disabled={form.submitting}
            onChange={(i, key, value) => {
              const row = visible[i]!;
              if (key.startsWith('stock-')) {
                const warehouseId = Number(key.slice(6));
                update(row.key, (s) => ({ ...s, stock: { ...s.stock, [warehouseId]: value } }));
              } else {
                update(row.key, (s) => ({ ...s, skuTyped: s.skuTyped || key === 'sku', values: { ...s.values, [key]: value } }));
              }
              form.clearError(`variants.${i}.${key}`);
            }}
            onRemove={
              visible.length > 1
                ? (i) => {
                    touch();
                    setPruned((all) => new Set([...all, visible[i]!.key]));
                  }
                : undefined
            }
          />
        )}
        {form.errors.variants?.[0] && <p className={errorTextClass}>{form.errors.variants[0]}</p>}
      </section>

      <div className="flex flex-wrap justify-end gap-3">
        <button type="submit" name="intent" value="draft" className={buttonClass('outline')} disabled={form.submitting}>
          Save as draft
        </button>
        <button type="submit" name="intent" value="submit" className={buttonClass('primary')} disabled={form.submitting}>
          Submit for review
        </button>
      </div>
    </form>
  );
}
