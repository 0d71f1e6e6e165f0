/**
 * The form kit's pure half: initial values from a record and the area's schema, client-side
 * validation with the SAME zod schema the API parses with, and the multipart body. No React here,
 * so it is unit-tested directly. (The focus after errors goes to the first invalid control in
 * DOM order: use-form-submission.ts.)
 */
import type { z } from 'zod';
import type { AreaField, FormDeclaration } from '@/lib/areas/area.ts';
import { zodErrors } from '@/lib/http/validation.ts';
import { toIstInput } from '@/lib/india/ist.ts';

export type FieldErrors = Record<string, string[]>;
export type Values = Record<string, string>;
type RecordLike = Record<string, unknown> | null | undefined;

function schemaField(schema: z.ZodObject, name: string): z.ZodType | undefined {
  return (schema.shape as Record<string, z.ZodType>)[name];
}

/** The schema's own default (`status` → "active", a yes/no → "true"), or empty. */
function defaultOf(schema: z.ZodObject, name: string): string {
  const r = schemaField(schema, name)?.safeParse(undefined);
  return r?.success && (typeof r.data === 'string' || typeof r.data === 'number' || typeof r.data === 'boolean') ? String(r.data) : '';
}

/** Required when the schema refuses an empty value (unless the declaration says otherwise). */
export function isRequired(schema: z.ZodObject, field: AreaField): boolean {
  if (field.required !== undefined) return field.required;
  if (field.input === 'image' || field.input === 'secret') return false;
  const s = schemaField(schema, field.name);
  return Boolean(s) && !s!.safeParse(undefined).success && !s!.safeParse('').success;
}

/**
 * The form's half of an area, computed where the schema is (the server), so the island can
 * render without zod: fields with `required` settled, and each field's default value.
 */
export interface AreaFormView {
  key: string;
  label: string;
  singular: string;
  titleField: string;
  listPath: string;
  fields: AreaField[];
  defaults: Values;
  /** Set for forms that are not an area's add/edit page: where to send, and stay on the page. */
  submit?: FormDeclaration['submit'];
  /** Where an add form goes once saved, `:id` the new record's (the area's `afterCreate`). */
  afterCreate?: string;
}

export function formView(area: Omit<FormDeclaration, 'fields'> & { fields?: AreaField[]; afterCreate?: string }): AreaFormView {
  const fields = (area.fields ?? []).map((f) => ({ ...f, required: isRequired(area.schema, f) }));
  const defaults = Object.fromEntries(fields.filter((f) => f.input !== 'image' && f.input !== 'secret').map((f) => [f.name, defaultOf(area.schema, f.name)]));
  const view: AreaFormView = {
    key: area.key,
    label: area.label,
    singular: area.singular,
    titleField: area.titleField,
    listPath: area.paths.list,
    fields,
    defaults,
  };
  if (area.submit) view.submit = area.submit;
  if (area.afterCreate) view.afterCreate = area.afterCreate;
  return view;
}

/** A field hidden by its `showWhen` (its value is still sent; the server decides what applies). */
export function isShown(field: AreaField, values: Values): boolean {
  return !field.showWhen || values[field.showWhen.field] === field.showWhen.equals;
}

export function initialValues(form: Pick<AreaFormView, 'fields' | 'defaults'>, record: RecordLike): Values {
  const values: Values = {};
  for (const f of form.fields) {
    if (f.input === 'image') continue;
    // A secret is never sent to the browser: the field starts empty ("keep the saved one").
    if (f.input === 'secret') {
      values[f.name] = '';
      continue;
    }
    // A new record's value of an area's own input is the input's `initial`.
    const v = record?.[f.name] ?? (f.input === 'custom' ? f.custom?.initial : undefined);
    // A structured value (a grid) travels as JSON text, as the form sends it.
    if (f.input === 'custom' && v !== null && typeof v === 'object') values[f.name] = JSON.stringify(v);
    // The record holds an instant; the input shows and takes India time.
    else if (f.inputType === 'datetime-local') values[f.name] = toIstInput(v);
    else values[f.name] = v === null || v === undefined ? (form.defaults[f.name] ?? '') : String(v);
  }
  return values;
}

export function previewsOf(fields: AreaField[], record: RecordLike): Record<string, string | null> {
  return Object.fromEntries(
    fields.filter((f) => f.input === 'image').map((f) => [f.name, (record?.[f.previewField ?? `${f.name}_url`] as string | null) ?? null]),
  );
}

export interface FormInput {
  values: Values;
  files: Record<string, File | null | undefined>;
  /** Image fields whose current image is to be removed. */
  removed: Record<string, boolean>;
}

/**
 * Validates what the person typed exactly as the API will. A file is checked when it is chosen
 * (ImageField, with the server's rules and words: src/lib/uploads/image-rules.ts), and only a file
 * that passed is in `input.files`; the server checks its bytes again.
 */
export function validate(schema: z.ZodObject, fields: AreaField[], input: FormInput): FieldErrors {
  const candidate: Record<string, unknown> = { ...input.values };
  for (const f of fields.filter((x) => x.input === 'image' || x.input === 'secret')) {
    if (input.files[f.name]) candidate[f.name] = input.files[f.name];
    else if (input.removed[f.name]) candidate[`${f.name}_remove`] = 'true';
  }
  const result = schema.safeParse(candidate);
  return result.success ? {} : zodErrors(result.error);
}

/** Whether leaving would lose something: a value differs from what the form started from, a file is chosen, or an image is to be removed. */
export function isDirty(baseline: Values, input: FormInput): boolean {
  return (
    Object.keys(input.values).some((name) => (input.values[name] ?? '') !== (baseline[name] ?? '')) ||
    Object.values(input.files).some(Boolean) ||
    Object.values(input.removed).some(Boolean)
  );
}

export function toFormData(fields: AreaField[], input: FormInput, extra: Record<string, string> = {}): FormData {
  const body = new FormData();
  for (const f of fields) {
    if (f.input !== 'image') body.append(f.name, input.values[f.name] ?? '');
    else if (input.files[f.name]) body.append(f.name, input.files[f.name]!);
    if (input.removed[f.name] && !input.files[f.name]) body.append(`${f.name}_remove`, 'true');
  }
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
}

/** The field's own errors and those of its parts (a grid's `grid.values.2.1`). */
export const errorsOf = (errors: FieldErrors, name: string) => Object.keys(errors).filter((k) => (k === name || k.startsWith(`${name}.`)) && errors[k]?.length);

/** Errors that belong to no field of the form (shown above it). */
export function formLevelErrors(fields: AreaField[], errors: FieldErrors): string[] {
  const names = new Set(fields.map((f) => f.name));
  return Object.entries(errors)
    .filter(([k]) => !names.has(k) && !names.has(k.replace(/_remove$/, '')) && !names.has(k.split('.')[0]!))
    .flatMap(([, v]) => v);
}
