/**
 * The form kit's pure half, with the real brand declaration: what the server hands the island
 * (required fields, defaults), validation with the same schema the API uses, the multipart body,
 * and which field gets focus.
 */
import { describe, expect, it } from 'vitest';
import { brandArea } from '../../src/features/brands/brand.area.ts';
import { formLevelErrors, formView, initialValues, isDirty, previewsOf, toFormData, validate } from '../../src/components/form/form-state.ts';
import { slugify } from '../../src/lib/text/slug.ts';

const form = formView(brandArea);
const file = (type: string, size: number) => new File([new Uint8Array(size)], 'logo', { type });

describe('formView', () => {
  it('settles required fields and defaults from the schema, and carries no schema', () => {
    expect(form.fields.map((f) => [f.name, f.required])).toEqual([
      ['name', true],
      ['slug', false],
      ['status', false],
      ['description', false],
      ['logo', false],
    ]);
    expect(form.defaults).toEqual({ name: '', slug: '', status: 'active', description: '' });
    expect(JSON.parse(JSON.stringify(form))).toEqual(form);
  });
});

describe('initialValues / previewsOf', () => {
  it('starts an add form from the defaults and an edit form from the record', () => {
    expect(initialValues(form, undefined)).toEqual({ name: '', slug: '', status: 'active', description: '' });
    const record = { id: 3, name: 'Neel Denim', slug: 'neel-denim', status: 'inactive', description: null, logo_url: '/uploads/a.png' };
    expect(initialValues(form, record)).toEqual({ name: 'Neel Denim', slug: 'neel-denim', status: 'inactive', description: '' });
    expect(previewsOf(form.fields, record)).toEqual({ logo: '/uploads/a.png' });
  });
});

describe('validate', () => {
  const values = { name: 'Indigo Loom', slug: '', status: 'active', description: '' };

  it('accepts what the API accepts', () => {
    expect(validate(brandArea.schema, form.fields, { values, files: {}, removed: {} })).toEqual({});
    expect(validate(brandArea.schema, form.fields, { values, files: { logo: file('image/png', 100) }, removed: {} })).toEqual({});
  });

  it('gives the schema’s messages by field', () => {
    const errors = validate(brandArea.schema, form.fields, { values: { ...values, name: ' ', slug: 'Not A Slug!' }, files: {}, removed: {} });
    expect(errors.name).toEqual(['Enter the brand name.']);
    expect(errors.slug).toEqual(['Use lowercase letters, digits and single hyphens.']);
    expect(Object.keys(errors)).toEqual(['name', 'slug']);
  });
});

describe('isDirty', () => {
  const start = { name: 'Indigo Loom', slug: 'indigo-loom', status: 'active', description: '' };
  it('is clean while the values are what the form started from', () => {
    expect(isDirty(start, { values: { ...start }, files: {}, removed: {} })).toBe(false);
    // Typed and typed back: nothing would be lost.
    expect(isDirty(start, { values: { ...start, name: 'Indigo Loom' }, files: { logo: null }, removed: { logo: false } })).toBe(false);
  });
  it('is dirty when a value changed, a file is chosen or an image is to be removed', () => {
    expect(isDirty(start, { values: { ...start, description: 'x' }, files: {}, removed: {} })).toBe(true);
    expect(isDirty(start, { values: start, files: { logo: file('image/png', 10) }, removed: {} })).toBe(true);
    expect(isDirty(start, { values: start, files: {}, removed: { logo: true } })).toBe(true);
  });
});

describe('toFormData', () => {
  it('sends every field, the chosen file or the removal, and the version', () => {
    const values = { name: 'A', slug: 'a', status: 'active', description: 'd' };
    const logo = file('image/png', 10);
    const withFile = toFormData(form.fields, { values, files: { logo }, removed: {} }, { version: '4' });
    expect([...withFile.keys()]).toEqual(['name', 'slug', 'status', 'description', 'logo', 'version']);
    expect(withFile.get('logo')).toBeInstanceOf(File);
    const removed = toFormData(form.fields, { values, files: {}, removed: { logo: true } });
    expect(removed.get('logo_remove')).toBe('true');
    expect(removed.has('logo')).toBe(false);
  });
});

describe('formLevelErrors', () => {
  it('keeps errors of no field (a missing version) for the top of the form', () => {
    expect(formLevelErrors(form.fields, { name: ['x'], version: ['Reload the page.'], logo_remove: ['y'] })).toEqual(['Reload the page.']);
  });
});

describe('slugify', () => {
  it('makes the slug the form shows and the server saves', () => {
    expect(slugify('Café Noir & Co')).toBe('cafe-noir-and-co');
    expect(slugify("Peter's  Loom -- Jaipur")).toBe('peters-loom-jaipur');
    expect(slugify('नीला')).toBe('');
    expect(slugify('a'.repeat(200))).toHaveLength(120);
  });
});
