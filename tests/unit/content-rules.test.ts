/**
 * The pure rules behind widgets, FAQs and size charts, with the real declarations: storefront
 * links, India-time date-times, the Markdown renderer's link check, the grid schema, and what
 * the form kit does with a grid and a date-time field (initial values, errors placed on parts).
 */
import { describe, expect, it } from 'vitest';
import { isStorefrontLink, widgetArea } from '../../src/features/widgets/widget.area.ts';
import { sizeChartArea, sizesSummary } from '../../src/features/size-charts/size-chart.area.ts';
import { faqArea } from '../../src/features/faqs/faq.area.ts';
import { parseIstDateTime, toIstInput } from '../../src/lib/india/ist.ts';
import { isAllowedLink, linkScheme, renderMarkdown } from '../../src/lib/text/markdown.server.ts';
import { inSentence } from '../../src/lib/areas/area.ts';
import { errorsOf, formLevelErrors, formView, initialValues, validate } from '../../src/components/form/form-state.ts';
import { zodErrors } from '../../src/lib/http/validation.ts';

describe('storefront links', () => {
  it('takes a storefront path or an https:// address, and nothing else', () => {
    for (const ok of ['/sale/diwali', '/', '/c/kurtas?sort=new#top', 'https://example.com', 'HTTPS://Example.com/Lookbook'])
      expect(isStorefrontLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,x',
      'http://example.com',
      '//example.com',
      '/\\example.com',
      'https://a:b@example.com',
      'https://localhost',
      'sale',
      '/a b',
      '/a\nb',
      'mailto:a@b.c',
    ]) {
      expect(isStorefrontLink(bad), bad).toBe(false);
    }
  });
});

describe('India time', () => {
  it('reads a datetime-local value as IST and shows an instant in IST', () => {
    expect(parseIstDateTime('2026-02-01T10:00')?.toISOString()).toBe('2026-02-01T04:30:00.000Z');
    expect(parseIstDateTime('2026-02-01T00:15:30')?.toISOString()).toBe('2026-01-31T18:45:30.000Z');
    expect(parseIstDateTime('2026-02-01T04:30:00Z')?.toISOString()).toBe('2026-02-01T04:30:00.000Z');
    expect(parseIstDateTime('2026-02-01T10:00+05:30')?.toISOString()).toBe('2026-02-01T04:30:00.000Z');
    for (const bad of ['2026-02-30T10:00', '2026-02-01T24:00', '2026-02-01', '01/02/2026 10:00', 'soon']) expect(parseIstDateTime(bad), bad).toBeNull();
    expect(toIstInput('2026-01-31T18:45:30.000Z')).toBe('2026-02-01T00:15');
    expect(toIstInput(null)).toBe('');
    expect(toIstInput('nonsense')).toBe('');
  });
});

describe('Markdown links', () => {
  it('reads the scheme as a browser does and allows only http(s), mailto and relative links', () => {
    expect(linkScheme('JavaScript:alert(1)')).toBe('javascript');
    expect(linkScheme('java\tscript:alert(1)')).toBe('javascript');
    expect(linkScheme(' \u0001javascript:x')).toBe('javascript');
    expect(linkScheme('/help')).toBeNull();
    expect(linkScheme('faq#returns')).toBeNull();
    for (const ok of ['https://a.in', 'http://a.in', 'mailto:a@b.in', '/x', '#y', '?z', 'page']) expect(isAllowedLink(ok), ok).toBe(true);
    for (const bad of ['javascript:x', 'data:x', 'vbscript:x', 'file:///x', 'ftp://x', 'tel:1']) expect(isAllowedLink(bad), bad).toBe(false);
  });

  it('renders Markdown with raw HTML escaped and images off', () => {
    expect(renderMarkdown('<b onclick="x()">hi</b>')).toBe('<p>&lt;b onclick=&quot;x()&quot;&gt;hi&lt;/b&gt;</p>\n');
    expect(renderMarkdown('![a](https://example.com/a.png)')).toBe('<p>!<a href="https://example.com/a.png">a</a></p>\n');
    expect(renderMarkdown('[x](javascript:alert(1))')).toBe('<p>[x](javascript:alert(1))</p>\n');
  });
});

describe('the size chart grid', () => {
  const schema = sizeChartArea.schema;
  const chart = (grid: unknown) => ({ name: 'Chart', unit: 'cm', grid: typeof grid === 'string' ? grid : JSON.stringify(grid) });
  const errorsFor = (grid: unknown) => {
    const r = schema.safeParse(chart(grid));
    return r.success ? {} : zodErrors(r.error);
  };

  it('parses the JSON text a form sends into numbers and nulls', () => {
    const r = schema.parse(chart({ sizes: [' S ', 'M'], measurements: ['Chest'], values: [['96.5'], ['']] }));
    expect(r.grid).toEqual({ sizes: ['S', 'M'], measurements: ['Chest'], values: [[96.5], [null]] });
  });

  it('puts each problem on its part', () => {
    expect(errorsFor({ sizes: ['S'], measurements: ['Chest'], values: [['-2']] })).toEqual({
      'grid.values.0.0': ['Enter a number from 0 to 999.9 with at most 1 decimal place, or leave it blank.'],
    });
    expect(errorsFor({ sizes: ['S', 's'], measurements: ['Chest'], values: [[1], [2]] })).toEqual({ 'grid.sizes.1': ['Another size is already called "s".'] });
    expect(errorsFor('[')).toEqual({ grid: ['Send the grid as { sizes, measurements, values }.'] });
  });

  it('sums the sizes up for the list', () => {
    expect(sizesSummary(['S', 'M', 'L', 'XL', 'XXL', '3XL'])).toBe('S–3XL, 6 sizes');
    expect(sizesSummary(['Free size'])).toBe('Free size, 1 size');
    expect(sizesSummary([])).toBe('');
  });
});

describe('the form kit with a grid, Markdown and date-times', () => {
  it('starts a new grid from the declared names and an edit from the record', () => {
    const form = formView(sizeChartArea);
    expect(form.fields.find((f) => f.name === 'grid')?.required).toBe(true);
    const fresh = JSON.parse(initialValues(form, undefined).grid!);
    expect(fresh).toEqual({
      sizes: ['S', 'M', 'L'],
      measurements: ['Chest', 'Waist', 'Length'],
      values: [
        [null, null, null],
        [null, null, null],
        [null, null, null],
      ],
    });
    const grid = { sizes: ['M'], measurements: ['Waist'], values: [[81]] };
    expect(JSON.parse(initialValues(form, { id: 1, name: 'x', unit: 'cm', grid }).grid!)).toEqual(grid);
  });

  it('shows a saved instant in India time in a datetime-local field', () => {
    const form = formView(widgetArea);
    const values = initialValues(form, { id: 1, title: 'x', type: 'strip', starts_at: '2031-01-23T18:30:00.000Z', ends_at: null });
    expect(values.starts_at).toBe('2031-01-24T00:00');
    expect(values.ends_at).toBe('');
    expect(initialValues(form, undefined).type).toBe('');
  });

  it('places a grid part’s error with its field, not in the form-level list', () => {
    const form = formView(sizeChartArea);
    const values = { ...initialValues(form, undefined), name: 'Chart', grid: JSON.stringify({ sizes: ['S'], measurements: ['Chest'], values: [['1000']] }) };
    const errors = validate(sizeChartArea.schema, form.fields, { values, files: {}, removed: {} });
    expect(errors).toEqual({ 'grid.values.0.0': [expect.stringMatching(/^Enter a number/)] });
    expect(errorsOf(errors, 'grid')).toEqual(['grid.values.0.0']);
    expect(formLevelErrors(form.fields, errors)).toEqual([]);
  });

  it('requires the Markdown answer like any text', () => {
    const form = formView(faqArea);
    expect(form.fields.find((f) => f.name === 'answer')).toMatchObject({ input: 'markdown', required: true });
  });
});

describe('nouns in sentences', () => {
  it('lowercases a name but keeps an acronym', () => {
    expect(inSentence('Size chart')).toBe('size chart');
    expect(inSentence('FAQ')).toBe('FAQ');
    expect(inSentence('FAQs')).toBe('FAQs');
    expect(inSentence('Widgets')).toBe('widgets');
  });
});
