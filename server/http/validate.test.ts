import { yup } from '../../src/contracts/validation';
import { HttpError } from './errors';
import { findUnstorable, INT32_MAX, isStorableString, MAX_INPUT_DEPTH, parse } from './validate';

describe('parse', () => {
  const schema = yup.object({ title: yup.string().required(), tags: yup.array(yup.string()) });

  it('returns the cast value', () => {
    expect(parse(schema, { title: 'A', tags: ['x'] })).toEqual({ title: 'A', tags: ['x'] });
  });

  it('answers 400 with field errors', () => {
    expect(() => parse(schema, {})).toThrow(HttpError);
    try {
      parse(schema, {});
    } catch (e) {
      expect((e as HttpError).statusCode).toBe(400);
      expect((e as HttpError).fieldErrors?.title.key).toBe('validation.required');
    }
  });

  it('refuses NUL characters anywhere, naming the field', () => {
    try {
      parse(schema, { title: 'ok', tags: ['fine', 'bad\u0000'] });
      throw new Error('should have thrown');
    } catch (e) {
      expect((e as HttpError).statusCode).toBe(400);
      expect(Object.keys((e as HttpError).fieldErrors ?? {})).toEqual(['tags[1]']);
    }
  });
});

describe('storable strings', () => {
  it('refuses unpaired surrogates and NUL anywhere, keys included, naming the path', () => {
    expect(isStorableString('ok 👩‍👩‍👧 שלום \u202e')).toBe(true);
    for (const bad of ['\ud800', 'a\udc00', '\udc00\ud800', 'x\ud83d', '\u0000'])
      expect(isStorableString(bad)).toBe(false);
    expect(Object.keys(findUnstorable({ a: [{ b: 'ok' }, { b: 'x\ud800' }] }) ?? {})).toEqual(['a[1].b']);
    expect(Object.keys(findUnstorable({ props: { ['k\udfff']: 1 } }) ?? {})).toEqual(['props.k\ufffd']);
    expect(findUnstorable({ a: ['fine', { b: 1, c: null }] })).toBeNull();
  });

  it('bounds nesting (and finds a bad string at any depth within it)', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(findUnstorable(deep) ?? {})[0].key).toBe('validation.tooDeep');
    let bad: unknown = '\ud800';
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) bad = { a: bad };
    expect(Object.values(findUnstorable(bad) ?? {})[0].key).toBe('validation.invalidCharacters');
  });
});

describe('parse: no silent coercion', () => {
  const schema = yup.object({
    id: yup.number().integer().positive().required(),
    price: yup.number().min(0).optional(),
    on: yup.boolean().optional(),
    name: yup.string().optional(),
    items: yup.array(yup.object({ n: yup.number().integer() })).optional(),
  });
  const keysOf = (value: unknown, source?: 'json' | 'text') => {
    try {
      parse(schema, value, { source });
      return {};
    } catch (e) {
      return Object.fromEntries(Object.entries((e as HttpError).fieldErrors ?? {}).map(([k, m]) => [k, m.key]));
    }
  };

  it('JSON bodies keep their types: no arrays, objects or strings for scalars', () => {
    expect(keysOf({ id: 5, price: 1.5, on: true, name: 'x', items: [{ n: 1 }] })).toEqual({});
    expect(keysOf({ id: [5] })).toEqual({ id: 'validation.typeError' });
    expect(keysOf({ id: '5' })).toEqual({ id: 'validation.typeError' });
    expect(keysOf({ id: 1, on: [true] })).toEqual({ on: 'validation.typeError' });
    expect(keysOf({ id: 1, on: 'true' })).toEqual({ on: 'validation.typeError' });
    expect(keysOf({ id: 1, name: ['x'] })).toEqual({ name: 'validation.typeError' });
    expect(keysOf({ id: 1, name: 5 })).toEqual({ name: 'validation.typeError' });
    expect(keysOf({ id: 1, items: { n: 1 } })).toEqual({ items: 'validation.typeError' });
    expect(keysOf({ id: 1, items: [{ n: '1' }] })).toEqual({ 'items[0].n': 'validation.typeError' });
    expect(keysOf([{ id: 1 }])).toEqual({ _: 'validation.typeError' });
  });

  it('a wrong type meets no transform: trim() of an array is a type error, not a crash', () => {
    const trimmed = yup.object({ s: yup.string().trim().required(), n: yup.number().required() });
    try {
      parse(trimmed, { s: ['x'], n: 'x' });
      throw new Error('should have thrown');
    } catch (e) {
      expect((e as HttpError).statusCode).toBe(400);
      expect(Object.keys((e as HttpError).fieldErrors ?? {}).sort()).toEqual(['n', 's']);
    }
  });

  it('integers fit PostgreSQL integer; numbers are finite', () => {
    expect(keysOf({ id: INT32_MAX })).toEqual({});
    expect(keysOf({ id: INT32_MAX + 1 })).toEqual({ id: 'validation.maxNumber' });
    expect(keysOf({ id: 1e20 })).toEqual({ id: 'validation.maxNumber' });
    expect(keysOf({ id: 1, items: [{ n: -1e20 }] })).toEqual({ 'items[0].n': 'validation.minNumber' });
    expect(keysOf({ id: 1.5 })).toEqual({ id: 'validation.integer' });
    expect(keysOf({ id: 1, price: Infinity })).toEqual({ price: 'validation.typeError' });
    expect(keysOf({ id: 1, price: 1e300 })).toEqual({});
  });

  it('text (path and query) is read as decimal numbers and booleans, one value per key', () => {
    expect(parse(schema, { id: '7', on: 'false', price: '2.5' }, { source: 'text' })).toEqual({
      id: 7,
      on: false,
      price: 2.5,
    });
    for (const id of ['1e308', '0x10', ' 1', '+1', '', 'abc', '1,5'])
      expect([id, keysOf({ id }, 'text')]).toEqual([id, { id: 'validation.typeError' }]);
    expect(keysOf({ id: '2147483648' }, 'text')).toEqual({ id: 'validation.maxNumber' });
    expect(keysOf({ id: '1.5' }, 'text')).toEqual({ id: 'validation.integer' });
    expect(keysOf({ id: ['1', '2'] }, 'text')).toEqual({ id: 'validation.typeError' });
    expect(keysOf({ id: '1', name: ['a', 'b'] }, 'text')).toEqual({ name: 'validation.typeError' });
    expect(keysOf({ id: '1', on: 'yes' }, 'text')).toEqual({ on: 'validation.typeError' });
  });
});
