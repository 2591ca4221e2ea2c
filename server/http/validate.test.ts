import { yup } from '../../src/contracts/validation';
import { HttpError } from './errors';
import { parse } from './validate';

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
