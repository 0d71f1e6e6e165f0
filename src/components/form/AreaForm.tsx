/**
 * The one form of every area (a React island): fields come from the area's declaration, are
 * validated with the area's zod schema before sending (the API parses with the same schema),
 * and the server's 422 `{message, errors}` lands beside each field, with focus on the first
 * invalid one. Images upload with progress. Edits send `version`: when someone else saved the
 * record in between, the server answers 409 and the form keeps what the person typed, says so,
 * and offers Reload (fetch the latest and replace the values).
 */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { api } from '@/lib/http/client.ts';
import { slugify } from '@/lib/text/slug.ts';
import { toast } from '@/lib/stores/toast.ts';
import { Button } from '@/components/ui/Button.tsx';
import { CheckboxField, FormAlert, SelectField, TextareaField, TextField } from '@/components/ui/fields.tsx';
import { buttonClass, hintClass, labelClass } from '@/components/ui/styles.ts';
import { ImageField } from './ImageField.tsx';
import { RelationField } from './RelationPicker.tsx';
import { lookUpPincode } from './pincode-lookup.ts';
import { AddressNote } from './AddressNote.tsx';
import { PINCODE_FILLS_HINT } from './relation-hint.ts';
import { useLeaveGuard } from './use-leave-guard.ts';
import { completePincode } from '@/lib/india/pincode-lookup.ts';
import type { FieldComponents } from './custom-field.ts';
import { flashToast } from './flash-toast.ts';
import {
  errorsOf,
  formLevelErrors,
  initialValues,
  isDirty,
  isShown,
  previewsOf,
  toFormData,
  validate,
  type AreaFormView,
  type FieldErrors,
  type Values,
} from './form-state.ts';
import { lazySchema, useFormSubmission } from './use-form-submission.ts';
import { inSentence, type AreaField } from '@/lib/areas/area.ts';

type SavedRecord = Record<string, unknown> & { id: number; version: number };

// Input kinds only some forms have load with the first form that does: the others don't pay for them.
const MarkdownField = lazy(() => import('./MarkdownField.tsx'));

export interface AreaFormProps {
  /** The area's form, as formView() computed it on the server. */
  form: AreaFormView;
  /** The record being edited; absent when adding. */
  record?: SavedRecord | null;
  maxUploadBytes: number;
  /**
   * The form's zod schema, loaded on the first interaction, not with the page: zod is most of a
   * form's JavaScript, and a page must stay under its budget (docs/decisions/010-data-table-and-form-kit.md).
   * The app knows every form (AreaFormIsland.tsx); the kit does not.
   */
  loadSchema: (key: string) => Promise<z.ZodObject>;
  /**
   * The areas' own inputs (`input: 'custom'`) by component name, each lazily loaded: the app knows
   * them (src/app/areas/field-components.ts); the kit does not.
   */
  fieldComponents?: FieldComponents;
}

export default function AreaForm({ form: area, record, maxUploadBytes, loadSchema, fieldComponents = {} }: AreaFormProps) {
  const fields = area.fields;
  const editing = Boolean(record);
  const formId = useId();
  const idOf = (name: string) => `${formId}-${name}`;

  const [current, setCurrent] = useState(record ?? null);
  const [values, setValues] = useState<Values>(() => initialValues(area, record));
  // What the form started from (or last saved): leaving asks first only when the values differ from it.
  const [baseline, setBaseline] = useState<Values>(values);
  const latest = useRef(values);
  latest.current = values;
  const [files, setFiles] = useState<Record<string, File | null>>({});
  const [removed, setRemoved] = useState<Record<string, boolean>>({});
  // A saved slug is the person's choice: it no longer follows the name.
  const [slugEdited, setSlugEdited] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(fields.filter((f) => f.input === 'slug').map((f) => [f.name, Boolean(record?.[f.name])])),
  );
  const submission = useFormSubmission();
  const { errors, progress } = submission;
  const schema = useMemo(() => lazySchema(() => loadSchema(area.key)), [area.key, loadSchema]);
  const [conflict, setConflict] = useState<string | null>(null);
  // Set from the click until the list page loads: the form stays disabled while the browser leaves.
  const [leaving, setLeaving] = useState(false);
  const saving = submission.submitting || leaving;
  const [reloading, setReloading] = useState(false);
  // Disabled until hydrated: typing into the server-rendered inputs before React takes over would be lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const previews = previewsOf(fields, current);
  const dirty = !leaving && isDirty(baseline, { values, files, removed });
  const leaveGuard = useLeaveGuard(dirty);
  // The choices an address fill made, with their labels (the pickers show them without asking the server).
  const [filled, setFilled] = useState<Record<string, { value: string; label: string }>>({});
  // What the last address fill did, said under the pincode (a status line, read out politely).
  const [addressNotes, setAddressNotes] = useState<Record<string, string>>({});
  // The code each pincode field last asked about: an answer to an older question is dropped.
  const askedCode = useRef<Record<string, string | null>>({});

  const setValue = (name: string, value: string) => {
    const next = { ...values, [name]: value };
    const changed = [name];
    for (const f of fields) if (f.input === 'slug' && f.from === name && !slugEdited[f.name]) next[f.name] = slugify(value);
    // A city chosen for the old state no longer fits: its picker starts again, and so does the pincode chosen for that city.
    for (let i = 0; i < changed.length; i++) {
      for (const f of fields) {
        const parent = f.relation?.dependsOn?.field;
        if (parent === changed[i] && values[parent] !== next[parent] && next[f.name]) {
          next[f.name] = '';
          changed.push(f.name);
        }
      }
    }
    setValues(next);
    submission.clearError(name);
    if (values[name] !== value) setAddressNotes((notes) => (notes[name] ? { ...notes, [name]: '' } : notes));
  };

  /**
   * An address's pincode was typed or chosen: its state and city (and, for a pincode picker, the
   * pincode record) are set from the server's answer. What the person chose stays when it agrees;
   * a state or city that conflicts with the pincode is replaced, and the line under the pincode says so.
   */
  const fillAddress = async (f: AreaField, code: string) => {
    const address = f.addressPincode!;
    askedCode.current[f.name] = code;
    let found;
    try {
      found = await lookUpPincode(code);
    } catch {
      return; // offline or refused: the person chooses the state and city as before
    }
    if (askedCode.current[f.name] !== code) return;
    if (!found) {
      setAddressNotes((notes) => ({ ...notes, [f.name]: `Pincode ${code} is not in the list. Check it, or choose the state and city.` }));
      return;
    }
    const fill: Values = { [address.state]: String(found.state.id), [address.city]: String(found.city.id) };
    if (f.input === 'relation') fill[f.name] = String(found.id);
    const now = latest.current;
    const replaced = [address.state, address.city].filter((k) => now[k] && now[k] !== fill[k]);
    const wasEmpty = [address.state, address.city].filter((k) => !now[k]);
    setValues((v) => ({ ...v, ...fill }));
    setFilled((all) => ({
      ...all,
      [address.state]: { value: fill[address.state]!, label: found.state.name },
      [address.city]: { value: fill[address.city]!, label: found.city.name },
      ...(f.input === 'relation' ? { [f.name]: { value: fill[f.name]!, label: found.pincode } } : {}),
    }));
    submission.clearError(...Object.keys(fill));
    const where = `${found.city.name}, ${found.state.name}`;
    const note = replaced.length
      ? `Changed to ${where}, where pincode ${found.pincode} is.`
      : wasEmpty.length
        ? `Filled from the pincode: ${where}.`
        : `Pincode ${found.pincode} is in ${where}.`;
    setAddressNotes((notes) => ({ ...notes, [f.name]: note }));
  };

  /** Field errors beside their fields; above the form only those that belong to no field. */
  const showErrors = (errs: FieldErrors, message?: string) => {
    submission.showErrors(errs, formLevelErrors(fields, errs).join(' '));
    toast({ severity: 'error', summary: 'Not saved', detail: message ?? 'Check the highlighted fields.' });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const input = { values, files, removed };
    let loaded: z.ZodObject;
    try {
      loaded = (await schema()) as z.ZodObject;
    } catch {
      toast({ severity: 'error', summary: 'Not saved', detail: 'The form could not load its checks. Check the connection and try again.' });
      return;
    }
    const clientErrors = validate(loaded, fields, input);
    if (Object.keys(clientErrors).length) return showErrors(clientErrors);
    const result = await submission.send<{ message: string; data: SavedRecord }>(
      area.submit?.url ?? (editing ? `/api/${area.key}/${record!.id}` : `/api/${area.key}`),
      {
        method: area.submit?.method ?? (editing ? 'PUT' : 'POST'),
        body: toFormData(fields, input, editing ? { version: String(current!.version) } : {}),
        upload: Object.values(files).some(Boolean),
      },
    );
    if (result.ok) {
      const res = result.data;
      if (area.submit) {
        // A form of its own page (settings): it stays, showing what was saved.
        setCurrent(res.data);
        const saved = initialValues(area, res.data);
        setValues(saved);
        setBaseline(saved);
        setAddressNotes({});
        setFiles({});
        setRemoved({});
        toast({ severity: 'success', summary: 'Saved', detail: res.message });
      } else {
        setLeaving(true); // stay disabled while the list loads
        leaveGuard.release(); // saved: nothing is lost by leaving
        flashToast({ severity: 'success', summary: 'Saved', detail: res.message });
        // An add flow of several pages goes on to its next step with the new record's id.
        location.assign(!editing && area.afterCreate ? area.afterCreate.replace(':id', String(res.data.id)) : area.listPath);
      }
      return;
    }
    const { error } = result;
    if (error.status === 409) {
      setConflict(error.message);
      toast({ severity: 'warn', summary: 'Changed by someone else', detail: 'Your changes are kept. Reload to see the latest version.' });
    } else if (Object.keys(error.fieldErrors).length) {
      showErrors(error.fieldErrors, error.message);
    } else {
      submission.showErrors({}, error.message);
      toast({ severity: 'error', summary: 'Not saved', detail: error.message });
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const { data } = await api.get<{ data: SavedRecord }>(`/api/${area.key}/${record!.id}`);
      setCurrent(data);
      const latestSaved = initialValues(area, data);
      setValues(latestSaved);
      setBaseline(latestSaved);
      setAddressNotes({});
      setFiles({});
      setRemoved({});
      submission.reset();
      setConflict(null);
      toast({ severity: 'info', summary: 'Reloaded', detail: `This is the latest version of the ${inSentence(area.singular)}.` });
    } catch (err) {
      toast({ severity: 'error', summary: 'Could not reload', detail: (err as Error).message });
    } finally {
      setReloading(false);
    }
  };

  /** One field of the declaration, as its input kind draws it. */
  const renderField = (f: AreaField) => {
    const common = {
      id: idOf(f.name),
      name: f.name,
      label: f.label,
      hint: f.hint,
      error: errors[f.name],
      required: f.required,
      disabled: saving,
    };
    const wide = f.wide || f.input === 'textarea' || f.input === 'image' ? 'md:col-span-2' : '';
    switch (f.input) {
      case 'textarea':
        return (
          <TextareaField
            key={f.name}
            {...common}
            className={wide}
            placeholder={f.placeholder}
            value={values[f.name]}
            onChange={(e) => setValue(f.name, e.target.value)}
          />
        );
      case 'checkbox':
        return (
          <CheckboxField
            key={f.name}
            {...common}
            className={wide}
            checked={values[f.name] === 'true'}
            onChange={(e) => setValue(f.name, e.target.checked ? 'true' : 'false')}
          />
        );
      case 'select':
        return (
          <SelectField
            key={f.name}
            {...common}
            className={wide}
            options={f.options ?? []}
            // No default: an empty first choice, so the browser doesn't show an option that isn't chosen.
            placeholder={f.options?.some((o) => o.value === values[f.name]) ? undefined : (f.placeholder ?? `Choose ${f.label.toLowerCase()}…`)}
            value={values[f.name]}
            onChange={(e) => setValue(f.name, e.target.value)}
          />
        );
      case 'relation': {
        const parent = f.relation?.dependsOn && fields.find((p) => p.name === f.relation!.dependsOn!.field);
        const typedCode = (text: string) => {
          const code = completePincode(text);
          if (code) void fillAddress(f, code);
        };
        return (
          <RelationField
            // Reload replaces the record: the picker starts again with the new label.
            key={`${f.name}:${current?.version ?? 0}`}
            field={f}
            id={idOf(f.name)}
            value={values[f.name] ?? ''}
            initialLabel={
              filled[f.name]?.value === values[f.name]
                ? filled[f.name]!.label
                : f.relation?.labelFrom && String(current?.[f.name] ?? '') === values[f.name]
                  ? (current?.[f.relation.labelFrom] as string | undefined)
                  : undefined
            }
            parentValue={parent ? (values[parent.name] ?? '') : undefined}
            parentLabel={parent ? parent.label : undefined}
            onChange={(v, label) => {
              setValue(f.name, v);
              if (f.addressPincode && v && label) typedCode(label);
            }}
            onQuery={f.addressPincode ? typedCode : undefined}
            note={addressNotes[f.name]}
            error={errors[f.name]}
            required={f.required}
            disabled={saving}
          />
        );
      }
      case 'secret': {
        const saved = Boolean(current?.[`${f.name}_set`]);
        const removing = Boolean(removed[f.name]);
        return (
          <div key={f.name} className={wide}>
            <TextField
              {...common}
              type="password"
              autoComplete="new-password"
              placeholder={saved && !removing ? 'Saved. Leave blank to keep it.' : 'Not set'}
              hint={f.hint ?? (saved ? 'For safety the saved value is never shown. Type a new one to replace it.' : undefined)}
              disabled={saving || removing}
              value={values[f.name]}
              onChange={(e) => setValue(f.name, e.target.value)}
            />
            {saved && (
              <label className="mt-2 flex items-center gap-2 text-sm">
                <input type="checkbox" checked={removing} disabled={saving} onChange={(e) => setRemoved({ ...removed, [f.name]: e.target.checked })} />
                Remove the saved {f.label.toLowerCase()}
              </label>
            )}
          </div>
        );
      }
      // Drawn once the form is live (`ready`), not on the server: a lazy part of the server's HTML
      // that changes before its code arrives is left behind, hidden, by React's hydration.
      case 'markdown': {
        const waiting = <TextareaField key={f.name} {...common} className="md:col-span-2" rows={8} value={values[f.name]} readOnly />;
        return ready ? (
          <Suspense key={f.name} fallback={waiting}>
            <MarkdownField
              field={f}
              id={idOf(f.name)}
              value={values[f.name] ?? ''}
              onChange={(v) => setValue(f.name, v)}
              previewUrl={`/api/${area.key}/markdown-preview`}
              error={errors[f.name]}
              required={f.required}
              disabled={saving}
            />
          </Suspense>
        ) : (
          waiting
        );
      }
      case 'custom': {
        // Every name an area uses is in the app's registry (tests/unit/field-components.test.ts).
        const Component = fieldComponents[f.custom?.component ?? ''];
        // Until the editor's code has arrived: its label and hint as the editor draws them (the same
        // classes), so the page doesn't grow a new largest text when it does (Lighthouse's LCP).
        const waiting = (
          <div key={f.name} className="md:col-span-2">
            <p className={labelClass}>{f.label}</p>
            {f.hint && <p className={hintClass}>{f.hint}</p>}
            <p className="mt-2 text-sm text-surface-500 dark:text-surface-400">{`Loading the ${f.label.toLowerCase()} editor…`}</p>
          </div>
        );
        return ready && Component ? (
          <Suspense key={f.name} fallback={waiting}>
            <Component
              field={f}
              id={idOf(f.name)}
              value={values[f.name] ?? ''}
              onChange={(v) => setValue(f.name, v)}
              errors={Object.fromEntries(errorsOf(errors, f.name).map((k) => [k, errors[k]!]))}
              values={values}
              required={f.required}
              disabled={saving}
            />
          </Suspense>
        ) : (
          waiting
        );
      }
      case 'image':
        return (
          <div key={f.name} className={wide}>
            <ImageField
              field={f}
              id={idOf(f.name)}
              current={removed[f.name] ? null : previews[f.name]!}
              file={files[f.name]}
              error={(errors[f.name]?.[0] ? errors[f.name] : errors[`${f.name}_remove`])?.[0]}
              progress={progress}
              maxBytes={maxUploadBytes}
              disabled={saving}
              onFile={(file) => {
                setFiles((all) => ({ ...all, [f.name]: file }));
                submission.clearError(f.name);
              }}
              onRefused={(message) => submission.setFieldError(f.name, [message])}
              onRemove={() => setRemoved((all) => ({ ...all, [f.name]: true }))}
            />
          </div>
        );
      default:
        return (
          <div key={f.name} className={wide}>
            <TextField
              {...common}
              hint={f.hint ?? (f.addressPincode ? PINCODE_FILLS_HINT : undefined)}
              type={f.inputType ?? 'text'}
              readOnly={editing && f.readOnlyOnEdit ? true : undefined}
              inputMode={f.inputType === 'number' ? 'decimal' : f.addressPincode ? 'numeric' : undefined}
              placeholder={f.placeholder}
              autoComplete={f.addressPincode ? 'postal-code' : 'off'}
              value={values[f.name]}
              onChange={(e) => {
                setValue(f.name, e.target.value);
                if (f.input === 'slug') setSlugEdited({ ...slugEdited, [f.name]: e.target.value !== '' });
                if (f.addressPincode) {
                  const code = completePincode(e.target.value);
                  if (code) void fillAddress(f, code);
                  else askedCode.current[f.name] = null;
                }
              }}
            />
            {f.addressPincode && <AddressNote text={addressNotes[f.name]} />}
          </div>
        );
    }
  };

  return (
    <form
      ref={submission.formRef}
      noValidate
      onSubmit={submit}
      onFocus={() => void schema().catch(() => undefined)}
      className="card"
      aria-busy={saving}
      data-ready={ready || undefined}
    >
      <fieldset disabled={!ready} className="m-0 min-w-0 space-y-6 border-0 p-0">
        {conflict && (
          <div
            role="alert"
            className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <p className="font-semibold">{conflict}</p>
            <Button variant="outline" size="sm" className="mt-3" loading={reloading} onClick={reload}>
              Reload
            </Button>
          </div>
        )}
        <FormAlert message={submission.message} />
        {fields.some((f) => f.required && isShown(f, values)) && (
          <p className="text-sm text-surface-600 dark:text-surface-300">
            Fields marked with <span className="text-red-600 dark:text-red-400">*</span> are required.
          </p>
        )}
        <div className="grid gap-5 md:grid-cols-2">
          {fields.flatMap((f) => {
            if (!isShown(f, values)) return [];
            const field = renderField(f);
            return f.section
              ? [
                  <h2
                    key={`${f.name}-section`}
                    className="border-b border-surface-200 pb-2 text-base font-semibold first:mt-0 md:col-span-2 mt-4 dark:border-surface-700"
                  >
                    {f.section}
                  </h2>,
                  field,
                ]
              : [field];
          })}
        </div>
        <div className="flex justify-end gap-2 border-t border-surface-200 pt-4 dark:border-surface-700">
          <a href={area.listPath} className={buttonClass('outline')}>
            Cancel
          </a>
          <Button type="submit" loading={saving}>
            {editing ? 'Save' : area.afterCreate ? 'Save and continue' : `Add ${inSentence(area.singular)}`}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
