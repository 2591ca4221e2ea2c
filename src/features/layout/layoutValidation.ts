import { lazyValidate } from '../../components/form/lazyValidate';

/**
 * The layout form's `validate` and the preview's check: yup and the layout schema load once the
 * person first acts on the page, not with it (lazyValidate). One instance: one chunk, one load.
 */
export const validateLayoutLazily = lazyValidate(() =>
  import(/* webpackChunkName: "layout-validate" */ './validateLayout').then((m) => m.validateLayoutSettings),
);

/** Whether the layout settings pass the schema (the preview keeps its last HTML for half-typed ones). */
export async function isValidLayout(values: unknown): Promise<boolean> {
  return Object.keys(await validateLayoutLazily(values)).length === 0;
}
