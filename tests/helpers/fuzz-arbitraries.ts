/**
 * fast-check arbitraries for fuzzing the HTTP API: valid values generated from a route's JSON
 * schema (the OpenAPI document, itself generated from the zod schemas the server enforces), then
 * mutated with the inputs that break servers: wrong types, huge strings, unicode (RTL, emoji, NUL,
 * lone surrogates), nulls, extra fields, deep nesting, SQL and HTML fragments.
 *
 * No test-framework imports: `npm run fuzz` and the Vitest file share it.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  '; drop table brands;',
  "'; DELETE FROM activity_logs; --",
  '1 UNION SELECT password_hash FROM users',
  "%' AND pg_sleep(0) IS NULL --",
  '$1',
  '%',
  '_',
  '\\',
  "'",
  '"',
];

export const HTML_FRAGMENTS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "javascript:alert('x')",
  '</textarea><b>x</b>',
  '{{7*7}}${7*7}',
];

export const UNICODE_STRINGS = [
  '\u202Eevil.exe\u202C', // right-to-left override
  'שלום עולם', // Hebrew (RTL)
  'مرحبا بالعالم', // Arabic (RTL)
  '👩‍👩‍👧‍👦🔥🇮🇳', // emoji, ZWJ sequences, flags
  'a\u0000b', // NUL inside
  '\u0000', // NUL alone
  '\uD800', // lone high surrogate
  '\uDFFF\uD800', // reversed surrogates
  '\uFEFF', // byte-order mark
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇', // combining marks
  'İıſK', // case-mapping oddities
  '\u200B\u200C\u200D', // zero-width
  '१२३', // Devanagari digits
  '\r\n\t\v\f',
];

export const ODD_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '0',
  '1e400',
  '0x1F',
  '９',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'toString',
];

export const NASTY_STRINGS = [...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...UNICODE_STRINGS, ...ODD_STRINGS];

/** Long strings: just under and well over the usual limits (120, 200, 5000, 8000 characters, 1 MiB bodies). */
export const hugeString: fc.Arbitrary<string> = fc
  .record({ n: fc.constantFrom(121, 201, 256, 5_001, 8_001, 70_000, 1_100_000), unit: fc.constantFrom('x', 'é', '😀', '<', "'", '\u0000') })
  .map(({ n, unit }) => unit.repeat(unit.length === 2 ? Math.ceil(n / 2) : n));

export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
  // A nasty fragment inside otherwise ordinary text.
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 8 })).map((p) => p.join('')) },
);

/**
 * Integers that don't fit an id, a version or a page (PostgreSQL's integer is int4, up to 2^31 - 1;
 * ids start at 1): issue 20 found 500s from each of these shapes.
 */
export const OUT_OF_RANGE_INTEGERS = [2 ** 31, 2 ** 40, 1e30, -1, 0, 1.5, -(2 ** 31) - 1, 2 ** 53 + 2] as const;

export const outOfRangeInteger: fc.Arbitrary<number> = fc.constantFrom(...OUT_OF_RANGE_INTEGERS);

/** The same as a form or query string writes them (and a few ways only text can). */
export const outOfRangeIntegerText: fc.Arbitrary<string> = fc.oneof(
  outOfRangeInteger.map((n) => String(n)),
  fc.constantFrom('2147483648', '1099511627776', '99999999999999999999', '1e30', '-1', '0', '1.5', '0x7fffffff1', 'NaN', 'Infinity'),
);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 40, 1e30, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e300, -1e300, 0.5, 1.5, 1e-300),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** `[[[…]]]` or `{"a":{"a":…}}`, `depth` levels deep. */
export function nested(depth: number, kind: 'array' | 'object'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

export const deepNesting: fc.Arbitrary<unknown> = fc
  .record({ depth: fc.constantFrom(20, 200, 2_000), kind: fc.constantFrom('array' as const, 'object' as const) })
  .map(({ depth, kind }) => nested(depth, kind));

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  nastyNumber,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(nastyString, nastyNumber, fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', '$gt', 'toString'), fc.oneof(nastyString, nastyNumber), { maxKeys: 3 }),
  deepNesting,
);

/** Any value that does not belong where it is put. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 2, arbitrary: wrongType });

export const nastyKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'is_admin', 'id', 'version', 'user_id', 'vendor_id', 'created_at', 'password_hash', ''),
  fc.constantFrom(...NASTY_STRINGS.filter((s) => s.length < 100)),
  fc.string({ maxLength: 20 }),
);

function safeStringMatching(pattern: string): fc.Arbitrary<string> | undefined {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return undefined; // a regex feature fast-check can't generate from (lookarounds…)
  }
}

/** Valid values for a JSON schema (the subset z.toJSONSchema produces). */
export function fromSchema(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0 || (Object.keys(schema).length === 1 && 'default' in schema)) {
    return fc.jsonValue({ maxDepth: 2 });
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map(fromSchema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const props = schema.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, fromSchema(s)]));
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(fromSchema(schema.items), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 5, 5) });
    case 'integer': {
      const min = Math.max(schema.minimum ?? -1_000_000, -1_000_000);
      const max = Math.min(schema.maximum ?? 1_000_000, 1_000_000);
      return fc.oneof(fc.integer({ min: Math.max(min, 0), max: Math.min(Math.max(max, 0), 50) }), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 60, 300);
      const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
      if (schema.format === 'email') return fc.emailAddress().filter(fits);
      const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter((p): p is string => Boolean(p));
      if (patterns.length === 1) {
        const matching = safeStringMatching(patterns[0]!);
        if (matching) return matching.filter(fits);
      }
      if (patterns.length > 1) {
        // Several "must contain" patterns (a letter, a digit): build a string that has each.
        return fc
          .tuple(fc.string({ minLength, maxLength: Math.max(minLength, 20) }), fc.constantFrom('a', 'Z'), fc.constantFrom('1', '9'))
          .map(([s, l, d]) => `${s}${l}${d}`.slice(-maxLength));
      }
      return fc.string({ minLength, maxLength: Math.min(maxLength, 40) });
    }
  }
  return fc.jsonValue({ maxDepth: 2 });
}

type Mutation = (value: unknown) => unknown;

/** One change that (usually) makes a valid body invalid. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // A field gets a value of the wrong kind.
  fc.tuple(fc.nat(), nastyValue).map(([i, v]): Mutation => (body) => {
    if (!isPlainObject(body) || !Object.keys(body).length) return body;
    const keys = Object.keys(body);
    return { ...body, [keys[i % keys.length]!]: v };
  }),
  // An unexpected field.
  fc.tuple(nastyKey, nastyValue).map(([k, v]): Mutation => (body) => {
    if (!isPlainObject(body)) return body;
    const copy = { ...body };
    Object.defineProperty(copy, k, { value: v, enumerable: true, writable: true, configurable: true });
    return copy;
  }),
  // A field left out.
  fc.nat().map((i): Mutation => (body) => {
    if (!isPlainObject(body) || !Object.keys(body).length) return body;
    const keys = Object.keys(body);
    const { [keys[i % keys.length]!]: _gone, ...rest } = body;
    return rest;
  }),
  // A field set to null.
  fc.nat().map((i): Mutation => (body) => {
    if (!isPlainObject(body) || !Object.keys(body).length) return body;
    const keys = Object.keys(body);
    return { ...body, [keys[i % keys.length]!]: null };
  }),
  // A number out of the range its field can hold: a number field, one element of a list of
  // numbers (`ids`), or a `version` added.
  fc.tuple(fc.nat(), fc.nat(), outOfRangeInteger, fc.boolean()).map(([i, j, n, asText]): Mutation => (body) => {
    if (!isPlainObject(body)) return body;
    const value = asText ? String(n) : n;
    const numeric = Object.keys(body).filter(
      (k) => typeof body[k] === 'number' || (Array.isArray(body[k]) && (body[k] as unknown[]).some((e) => typeof e === 'number')),
    );
    if (!numeric.length) return { ...body, version: value };
    const key = numeric[i % numeric.length]!;
    const current = body[key];
    if (!Array.isArray(current)) return { ...body, [key]: value };
    const copy = [...current];
    copy[j % copy.length] = value;
    return { ...body, [key]: copy };
  }),
  // Not an object at all.
  nastyValue.map(
    (v): Mutation =>
      () =>
        v,
  ),
);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Mostly-broken versions of a valid value, and sometimes the valid value itself. */
export function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: valid },
    {
      weight: 4,
      arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([v, ms]) => ms.reduce((acc, m) => m(acc), v)),
    },
  );
}

/** A generic body for a route that declares none. */
export const genericBody: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(undefined),
  fc.dictionary(nastyKey, nastyValue, { maxKeys: 4 }),
  nastyValue,
  fc.jsonValue({ maxDepth: 3 }),
);

/** Header values a client can send (latin-1, no control characters). */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', "' OR 1=1 --", '<script>alert(1)</script>', '../../', 'null', '*/*', 'x'.repeat(1500)),
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
    maxLength: 60,
  }),
);

export type Encoding = 'json' | 'form' | 'multipart' | 'raw' | 'none';

export const encoding: fc.Arbitrary<Encoding> = fc.constantFrom<Encoding>('json', 'json', 'json', 'form', 'multipart', 'raw', 'none');

// 100 000 levels deep: too deep for any recursive walk of the parsed value.
const DEEP_BODIES = ['[', '{"a":'].map((open) =>
  new TextEncoder().encode(`{"name":"deep","x":${open.repeat(100_000)}1${(open === '[' ? ']' : '}').repeat(100_000)}}`),
);

/** Bodies that are not what their content type says. */
export const rawBody: fc.Arbitrary<{ body: Uint8Array; type: string }> = fc.record({
  body: fc.oneof(
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"a":1}}',
        'null',
        '"x"',
        '{"__proto__":{"isAdmin":true}}',
        '\u0000',
        '{"a":"\\ud800"}',
        '{"a":"\\u0000"}',
        '{"a\\u0000":1}',
        '{"a":1e999}',
      )
      .map((s) => new TextEncoder().encode(s)),
    fc.uint8Array({ maxLength: 200 }),
    fc.constant(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d])), // {"<invalid UTF-8>"}
    fc.constantFrom(...DEEP_BODIES),
  ),
  type: fc.constantFrom(
    'application/json',
    'application/json; charset=utf-16',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/octet-stream',
    '',
    ';;;',
  ),
});

/** Extra request headers, sometimes contradicting the body. */
export const extraHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*', 'image/png'), headerValue),
    'x-request-id': headerValue,
    'user-agent': headerValue,
    'x-forwarded-for': fc.oneof(fc.ipV4(), headerValue),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'gopher'),
    'accept-language': headerValue,
    'content-type': fc.constantFrom(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/json; charset=latin1',
    ),
  },
  { requiredKeys: [] },
);

/** A value for a `:param` in the path: the sample, real-looking ids, and junk. */
export function pathParam(sample: string | undefined): fc.Arbitrary<{ value: string; raw: boolean }> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant({ value: sample ?? '1', raw: false }) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 60 }).map((n) => ({ value: String(n), raw: false })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('-1', '0', '1.5', '1e3', '1e30', '99999999999', '2147483648', '1099511627776', '0x10', ' 1', '1 ', '１')
        .map((value) => ({ value, raw: false })),
    },
    { weight: 3, arbitrary: nastyString.filter((s) => s.length > 0 && s.length < 2000).map((value) => ({ value, raw: false })) },
    // Sent as typed: malformed percent-encoding, dot segments, encoded slashes.
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '..', '%2e%2e', 'a%2Fb', '%00', '%u0041', '%C0%AF').map((value) => ({ value, raw: true })),
    },
  );
}

/** Turns a generated value into something a query string or form field can carry. */
export function asText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === undefined) return '';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Strings short enough for a URL (Node refuses request heads over 16 KiB before the app sees them). */
export const nastyQueryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: nastyString.filter((s) => s.length <= 2_000) },
  { weight: 1, arbitrary: fc.constantFrom(201, 8_001).map((n) => 'x'.repeat(n)) },
);

/**
 * The list contract's `filters` JSON: per field `{operator, constraints: [{value, matchMode}]}`, over
 * the area's own columns (and a few that are not), with values of every kind.
 */
export function listFilters(fields: string[], matchModes: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('active', 'inactive', '2026-01-31', '0000-00-00', '9999-99-99', '2026-13-45T99:99', '1', '-1', '1e400', 'NaN', 'Infinity'),
    nastyNumber,
    // Numbers past the column's type (an integer column, a count): 2^31, 2^40, 1e30, 1.5.
    fc.oneof(outOfRangeInteger, outOfRangeIntegerText, fc.constant(1_099_511_627_776)),
    fc.array(outOfRangeInteger, { minLength: 1, maxLength: 2 }),
    fc.array(fc.oneof(fc.string({ maxLength: 8 }), nastyNumber, fc.constantFrom('2026-01-01', null)), { maxLength: 4 }),
    fc.constant(Array.from({ length: 101 }, (_, i) => i)), // over the 100-value cap of "in"
    nastyValue.filter((v) => typeof v !== 'string' || v.length <= 300),
  );
  const constraint = fc.record({
    value,
    matchMode: fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...matchModes) },
      { weight: 1, arbitrary: fc.constantFrom('regex', '', 'EQUALS', '__proto__') },
    ),
  });
  const fieldFilter = fc.record({
    operator: fc.oneof({ weight: 5, arbitrary: fc.constantFrom('and', 'or') }, { weight: 1, arbitrary: fc.constantFrom('xor', '', 'OR') }),
    constraints: fc.array(constraint, { minLength: 0, maxLength: 11 }),
  });
  const field = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...fields) },
    { weight: 1, arbitrary: fc.constantFrom('id', 'password_hash', 'name; drop table brands', '__proto__', 'x'.repeat(65)) },
  );
  const filters = fc.dictionary(field, mutated(fieldFilter), { maxKeys: 3 });
  return fc.oneof(
    { weight: 6, arbitrary: filters.map((f) => JSON.stringify(f)) },
    { weight: 1, arbitrary: fc.constantFrom('{', '[]', 'null', '"x"', '{"name":null}', '{"name":{"constraints":[]}}') },
    { weight: 1, arbitrary: deepNesting.map((v) => JSON.stringify({ name: v }).slice(0, 7_000)) },
  );
}

/** A sortable list column, as the fuzz sees it: its name, its kind, an enum's values. */
export interface SortColumn {
  field: string;
  kind: 'text' | 'number' | 'date' | 'enum' | 'boolean';
  options?: readonly string[];
}

/** A sort value of the column's kind, as a list writes it into `next_cursor` (undefined: paged by id alone, v is null). */
function plausibleSortValue(column: SortColumn | undefined): fc.Arbitrary<unknown> {
  switch (column?.kind) {
    case undefined:
      return fc.constant(null);
    case 'number':
      return fc.integer({ min: 0, max: 100 });
    case 'date':
      return fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return column.options?.length ? fc.constantFrom(...column.options) : fc.string({ maxLength: 10 });
    default:
      return fc.string({ maxLength: 10 });
  }
}

const encodeCursor = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/**
 * A list's keyset `cursor` (base64url of `{"v":<sort value>,"id":<last id>}`) for a list sorted on
 * `column`: as the list hands it out (a value of the column's kind), and as nobody should — a
 * null `v` (issue 20: compiled into the list's statement as a literal NULL, it broke the next
 * ordinary cursor for every session), a `v` of another kind, ids that are text, fractional, zero,
 * negative or past int4, extra keys, and bytes that are not base64url JSON at all.
 */
export function listCursor(column: SortColumn | undefined): fc.Arbitrary<string> {
  const id = fc.integer({ min: 1, max: 60 });
  const plausible = fc.record({ v: plausibleSortValue(column), id }).map(encodeCursor);
  const mistyped = fc.oneof(
    fc.constantFrom({}, { a: 1 }, [], ['a'], true, false, 1e300, 'NaN', '2026-02-31T00:00:00.000Z', 'x\u0000'),
    fc.string({ maxLength: 6 }),
    nastyNumber,
    outOfRangeInteger,
  );
  const forged = fc.oneof(
    fc.record({ v: mistyped, id }).map(encodeCursor),
    fc
      .record({ v: plausibleSortValue(column), id: fc.oneof(outOfRangeInteger, fc.constantFrom('5', 'NaN', null, [], {}) as fc.Arbitrary<unknown>) })
      .map(encodeCursor),
    fc
      .constantFrom('{"v":"a","id":1e30}', '{"v":"a","id":1e400}', '{"v":"a"}', '{"id":5}', '{"v":"a","id":5,"x":1}', '[1,2]', 'null', '5', '"x"', '{"v":')
      .map(encodeCursor),
    fc.constantFrom('***', '', '%', 'eyJ2IjpudWxs', 'x'.repeat(600)),
  );
  return fc.oneof(
    { weight: 2, arbitrary: plausible },
    { weight: 1, arbitrary: id.map((i) => encodeCursor({ v: null, id: i })) },
    { weight: 2, arbitrary: forged },
  );
}

/**
 * Query strings that page a list by cursor: mostly on the list's default sort (no `sort`), where
 * every such request shares one compiled statement, so a forged cursor is soon followed by an
 * ordinary one of the same statement; sometimes on another sortable column.
 */
export function cursorQuery(sortable: SortColumn[], defaultSort: string | undefined): fc.Arbitrary<[string, string][]> {
  const byDefault = fc
    .record({ per_page: fc.constantFrom('10', '25'), cursor: listCursor(sortable.find((c) => c.field === defaultSort)) })
    .map(({ per_page, cursor }): [string, string][] => [
      ['per_page', per_page],
      ['cursor', cursor],
    ]);
  if (!sortable.length) return byDefault;
  const bySort = fc.tuple(fc.constantFrom(...sortable), fc.constantFrom('asc', 'desc')).chain(([column, order]) =>
    listCursor(column).map((cursor): [string, string][] => [
      ['sort', column.field],
      ['order', order],
      ['cursor', cursor],
    ]),
  );
  return fc.oneof({ weight: 3, arbitrary: byDefault }, { weight: 1, arbitrary: bySort });
}

/**
 * A sign-in's `next`: paths of this site, and what browsers read as another site or what breaks a
 * header: tabs and newlines (which URL parsers drop), CR/LF, NUL, DEL, C1 and Unicode line
 * separators, backslashes, schemes, `//` and dot segments that collapse to it.
 */
export const nextParam: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '/profile',
    '/brands/listing?q=a&page=2',
    '/dashboard#x',
    '/\t/evil.example/path',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    '/.//evil.example',
    '/x%0d%0aSet-Cookie:a=b',
    '/x\r\nSet-Cookie:a=b',
  ),
  fc
    .array(
      fc.oneof(
        fc.constantFrom(
          '/',
          '//',
          '\\',
          '.',
          '..',
          '\t',
          '\r',
          '\n',
          '\u0000',
          '\u007f',
          '\u0085',
          '\u2028',
          '\u2029',
          '%09',
          '%2f',
          ':',
          '?',
          '#',
          '@',
          'evil.example',
          'https:',
          'javascript:',
          'profile',
          '😀',
          'é',
        ),
        fc.string({ maxLength: 4 }),
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join('')),
);
