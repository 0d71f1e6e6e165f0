/**
 * The form kit's pincode-set input (a delivery zone's pincodes): a list, one per line, that the
 * person pastes or fills a whole city or state at a time, picked with the same relation pickers
 * as any form. The count follows what is typed; every line in error is listed with its number
 * (from the schema at once, and from the server for pincodes it doesn't know). The area's own
 * input (`input: 'custom'`, options PincodeSetOptions): the app's registry loads it lazily, so
 * only forms with a pincode set carry it.
 */
import { useState } from 'react';
import { api, ApiError } from '@/lib/http/client.ts';
import type { AreaField } from '@/lib/areas/area.ts';
import { distinctPincodes, pincodeEntries } from '@/lib/india/pincode-list.ts';
import { buttonClass, errorTextClass, hintClass, inputClass, labelClass } from '@/components/ui/styles.ts';
import type { CustomFieldProps } from '@/components/form/custom-field.ts';
import { RelationField } from '@/components/form/RelationPicker.tsx';

export interface PincodeSetOptions {
  /** The GET call answering a city's or state's pincodes (`?city_id=` or `?state_id=`). */
  pincodesOf?: string;
}

export default function PincodeSetField({ field, id, value, onChange, errors: fieldErrors, required, disabled }: CustomFieldProps) {
  const { pincodesOf } = (field.custom?.options ?? {}) as PincodeSetOptions;
  const error = fieldErrors[field.name];
  const [stateId, setStateId] = useState('');
  const [cityId, setCityId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const count = distinctPincodes(pincodeEntries(value)).length;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errors = error?.filter(Boolean) ?? [];

  const stateField: AreaField = { name: `${field.name}__state`, label: 'State', input: 'relation', relation: { area: 'states' } };
  const cityField: AreaField = {
    name: `${field.name}__city`,
    label: 'City (optional)',
    input: 'relation',
    relation: { area: 'cities', optional: true, noneLabel: 'The whole state', dependsOn: { field: stateField.name, filter: 'state_id' } },
  };

  /** Appends the chosen city's (or state's) pincodes that are not in the list yet. */
  const addPlace = async () => {
    if (!pincodesOf || !stateId) return;
    setBusy(true);
    setMessage(null);
    try {
      const { data } = await api.get<{ data: string[] }>(pincodesOf, cityId ? { city_id: cityId } : { state_id: stateId });
      const present = new Set(distinctPincodes(pincodeEntries(value)));
      const fresh = data.filter((p) => !present.has(p));
      if (fresh.length) onChange(`${value.trimEnd()}${value.trim() ? '\n' : ''}${fresh.join('\n')}`);
      const already = data.length - fresh.length;
      setMessage({ text: `Added ${fresh.length} ${fresh.length === 1 ? 'pincode' : 'pincodes'}${already ? ` (${already} already in the list)` : ''}.` });
    } catch (e) {
      setMessage({ text: e instanceof ApiError ? e.message : 'The pincodes could not be loaded. Check the connection and try again.', error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="md:col-span-2">
      <label htmlFor={id} className={labelClass}>
        {field.label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <textarea
        id={id}
        name={field.name}
        rows={8}
        spellCheck={false}
        className={`${inputClass} mt-1 font-mono`}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={[hintId, errors.length ? errorId : ''].filter(Boolean).join(' ')}
      />
      <p id={hintId} className={hintClass}>
        <span className="font-medium" aria-live="polite">
          {count} {count === 1 ? 'pincode' : 'pincodes'}
        </span>
        {field.hint ? ` · ${field.hint}` : ''}
      </p>
      {errors.length > 0 && (
        <ul id={errorId} className={`${errorTextClass} mt-1 list-disc space-y-0.5 pl-5`}>
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
      {pincodesOf && (
        <fieldset className="mt-3 rounded-lg border border-surface-200 p-3 dark:border-surface-700">
          <legend className="px-1 text-sm font-medium">Add every pincode of a state or a city</legend>
          <div className="grid gap-3 md:grid-cols-[1fr_1fr_auto] md:items-end">
            <RelationField
              field={stateField}
              id={`${id}-state`}
              value={stateId}
              onChange={(v) => {
                setStateId(v);
                setCityId('');
              }}
              disabled={disabled || busy}
            />
            <RelationField
              field={cityField}
              id={`${id}-city`}
              value={cityId}
              parentValue={stateId}
              parentLabel="State"
              onChange={setCityId}
              disabled={disabled || busy}
            />
            <button type="button" className={buttonClass('outline')} onClick={addPlace} disabled={disabled || busy || !stateId}>
              {busy ? 'Adding…' : 'Add pincodes'}
            </button>
          </div>
          {message && (
            <p role="status" className={message.error ? errorTextClass : `${hintClass} mt-2`}>
              {message.text}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
