import { createForm, FORM_ERROR } from 'final-form';
import { lazyValidate, type ValidateValues } from './lazyValidate';

const requireTitle: ValidateValues = (values) =>
  (values as { title?: string }).title ? {} : { title: { key: 'validation.required' } };

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('lazyValidate', () => {
  it('loads the validation on the first act on the page, not before; then validates every change', async () => {
    const load = jest.fn(async () => requireTitle);
    const validate = lazyValidate(load, window);
    const form = createForm<{ title?: string }>({ onSubmit: jest.fn(), validate });
    form.registerField('title', () => undefined, {});
    await flush();
    expect(load).not.toHaveBeenCalled();
    expect(form.getState().validating).toBe(true);

    window.dispatchEvent(new Event('focusin'));
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(form.getState().errors).toEqual({ title: { key: 'validation.required' } });

    form.change('title', 'Summer');
    await flush();
    // No stale error of the earlier answer beside the new one.
    expect(form.getState().errors).toEqual({});
    form.change('title', '');
    await flush();
    expect(form.getState().errors).toEqual({ title: { key: 'validation.required' } });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a submit waits for the validation: invalid values are not submitted, valid ones are', async () => {
    const onSubmit = jest.fn();
    const form = createForm<{ title?: string }>({ onSubmit, validate: lazyValidate(async () => requireTitle, window) });
    form.registerField('title', () => undefined, {});
    window.dispatchEvent(new Event('pointerdown'));
    void form.submit();
    await flush();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(form.getState().submitFailed).toBe(true);

    form.change('title', 'Summer');
    await flush();
    void form.submit();
    await flush();
    expect(onSubmit).toHaveBeenCalledWith({ title: 'Summer' }, expect.anything(), expect.anything());
  });

  it('a chunk that fails answers no errors (the server validates) and is asked for again on the next act', async () => {
    const load = jest
      .fn<Promise<ValidateValues>, []>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValue(() => ({ [FORM_ERROR]: 'bad' }));
    const validate = lazyValidate(load, window);
    const first = validate({});
    window.dispatchEvent(new Event('keydown'));
    await expect(first).resolves.toEqual({});
    const second = validate({});
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('click'));
    await expect(second).resolves.toEqual({ [FORM_ERROR]: 'bad' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('without a window (the server render) loads at once', async () => {
    const load = jest.fn(async () => requireTitle);
    await expect(lazyValidate(load, null)({ title: 'x' })).resolves.toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });
});
