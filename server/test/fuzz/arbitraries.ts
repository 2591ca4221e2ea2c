import fc from 'fast-check';
import type { yup } from '../../../src/contracts/validation';

/** A number token written into the JSON text as is (JSON.parse turns 1e400 into Infinity). */
const RAW = (token: string) => `\u0001RAW:${token}\u0001`;
const RAW_PATTERN = /"\\u0001RAW:([^"\\]+)\\u0001"/g;

/** JSON text of a generated value, raw number tokens included. */
export const toJsonText = (value: unknown): string => (JSON.stringify(value) ?? 'null').replace(RAW_PATTERN, '$1');

const loneSurrogates = fc.string({
  unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  minLength: 1,
  maxLength: 3,
});

/** Strings a client should not be trusted with: control and odd Unicode, lookalike numbers, markup, URLs, oversize. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\udc00\ud800',
    '\u202eevil\u202c',
    'שלום עולם',
    '👩‍👩‍👧‍👦',
    '\ufeff',
    '\u2028\u2029',
    'e\u0301\u0301\u0301',
    'null',
    'true',
    '0',
    '-1',
    '1e308',
    '1e20',
    'NaN',
    'Infinity',
    '0x10',
    '1.5',
    '2147483648',
    '99999999999',
    '<script>alert(1)</script>',
    "'; drop table shops; --",
    '../../etc/passwd',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'http://evil.example/x.jpg',
    '%00',
    '{product}',
    'demo-shop.myshopify.com',
  ),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.tuple(fc.string({ maxLength: 4 }), loneSurrogates, fc.string({ maxLength: 4 })).map((parts) => parts.join('')),
  fc.constantFrom(300, 5000, 70000).map((n) => 'x'.repeat(n)),
);

/** Numbers at and beyond every boundary the database and JSON have. */
export const oddNumber: fc.Arbitrary<number | string> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    2,
    3,
    2147483647,
    2147483648,
    -2147483649,
    99999999999,
    1e20,
    1e308,
    -1e308,
    0.5,
    1.5,
    2 ** 53 + 2,
    5e-324,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom('1e400', '-1e400', '123456789012345678901234567890').map(RAW),
);

const scalar: fc.Arbitrary<unknown> = fc.oneof(oddString, oddNumber, fc.boolean(), fc.constant(null));

const keyArb = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'id', '', '\ud800', 'a.b', '[0]'),
  fc.string({ maxLength: 8 }),
);

/** Arrays or objects nested 2…200 levels deep. */
const deep = fc.tuple(fc.integer({ min: 2, max: 200 }), fc.boolean()).map(([depth, asArray]) => {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
  return value;
});

/** Any JSON value a client could send: wrong types, boundaries, odd Unicode, deep nesting, empty and oversize. */
export const oddValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: scalar, weight: 5 },
  { arbitrary: fc.array(scalar, { maxLength: 4 }), weight: 2 },
  { arbitrary: fc.dictionary(keyArb, scalar, { maxKeys: 4 }), weight: 2 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: fc.constantFrom({}, [], [[]], { '': {} }), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.constantFrom(60000, 300000).map((n) => Array.from({ length: n / 10 }, (_, i) => i)), weight: 1 },
);

type Json = unknown;
type Path = Array<string | number>;

function paths(value: Json, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => paths(item, [...prefix, i], out));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...prefix, k], out);
  return out;
}

type Mutation = { kind: 'set'; value: unknown } | { kind: 'delete' } | { kind: 'wrap' } | { kind: 'box' };

function applyMutation(root: Json, path: Path, m: Mutation): Json {
  const change = (current: unknown): unknown => {
    if (m.kind === 'set') return m.value;
    if (m.kind === 'wrap') return [current];
    if (m.kind === 'box') return { value: current };
    return undefined;
  };
  if (!path.length) return m.kind === 'delete' ? undefined : change(root);
  const copy = structuredClone(root) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (m.kind === 'delete') {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = change(parent[last]);
  return copy;
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: oddValue.map((value) => ({ kind: 'set' as const, value })), weight: 6 },
  { arbitrary: fc.constantFrom<Mutation>({ kind: 'delete' }, { kind: 'wrap' }, { kind: 'box' }), weight: 3 },
);

/** A valid example with one to three of its fields (at any depth) replaced, removed, wrapped in an array or boxed in an object. */
export function mutated(example: Json): fc.Arbitrary<Json> {
  const all = paths(example);
  return fc
    .array(fc.tuple(fc.nat(), mutation), { minLength: 1, maxLength: 3 })
    .map((steps) =>
      steps.reduce<Json>((value, [i, m]) => {
        const candidates = paths(value);
        return candidates.length ? applyMutation(value, candidates[i % candidates.length], m) : value;
      }, example),
    )
    .filter(() => all.length > 0);
}

/** Field names a yup object schema declares (none for other schemas). */
export function schemaFields(schema: unknown): string[] {
  const fields = (schema as { fields?: Record<string, yup.Schema> } | undefined)?.fields;
  return fields ? Object.keys(fields) : [];
}

/** Objects with the declared field names (and a stray one) holding odd values. */
export function shaped(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = fc.oneof(fc.constantFrom(...(fields.length ? fields : ['id'])), keyArb);
  return fc.dictionary(keys, oddValue, { maxKeys: Math.max(2, fields.length + 1) });
}

/** Query values: single strings or the same key repeated (an array). */
export function queryArb(fields: string[]): fc.Arbitrary<Record<string, string | string[]>> {
  const keys = fc.oneof(
    { arbitrary: fc.constantFrom(...(fields.length ? fields : ['page'])), weight: 3 },
    { arbitrary: fc.string({ maxLength: 6 }), weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: oddString, weight: 4 },
    { arbitrary: oddNumber.map(String), weight: 3 },
    { arbitrary: fc.array(oddString, { minLength: 2, maxLength: 3 }), weight: 1 },
  );
  return fc.dictionary(keys, value, { maxKeys: 3 });
}

/** A path parameter: real ids of the test data, boundaries of integer columns, and odd strings. */
export function paramArb(validIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...validIds), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        '0',
        '-1',
        '2147483647',
        '2147483648',
        '99999999999',
        '1e20',
        '1e308',
        '1.5',
        '01',
        '+1',
        '0x1',
        'abc',
        ' 1',
        '1 ',
        '٣',
      ),
      weight: 4,
    },
    { arbitrary: oddString.filter((s) => s.length < 3000), weight: 3 },
  );
}
