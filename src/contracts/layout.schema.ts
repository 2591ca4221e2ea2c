/** Layout rules (SPEC §5) and the string schemas other rules share (no NUL, not blank). */
import { yup, type ValidationMessage } from './validation';
import { DEFINED_TEMPLATES, PLACEMENT_METHODS, type DefinedTemplate, type PlacementMethod } from './layout';

const invalid = (p: { path?: string }): ValidationMessage => ({
  key: 'validation.invalid',
  values: { path: String(p.path ?? '') },
});

/** A string without NUL characters (PostgreSQL text/jsonb cannot hold them: 400, not 500). */
export const text = () =>
  yup.string().test('noNul', invalid, (v) => v === null || v === undefined || !v.includes('\u0000'));

/** A required string that is not only spaces (message: required). */
export const nonBlank = (max: number) =>
  text()
    .required()
    .max(max)
    .test(
      'nonBlank',
      (p): ValidationMessage => ({ key: 'validation.required', values: { path: String(p.path) } }),
      (v) => !v || /\S/.test(v),
    );

/** SPEC §5 layout rules; used by the layout form and by PATCH /layout and POST /layout/preview. */
export const layoutSettingsSchema = yup
  .object({
    definedTemplate: yup
      .mixed<DefinedTemplate>()
      .oneOf([...DEFINED_TEMPLATES])
      .defined(),
    placementMethod: yup
      .mixed<PlacementMethod>()
      .oneOf([...PLACEMENT_METHODS])
      .required(),
    inPageCssSelector: text().nullable().defined().max(500),
    customTitle: text().defined().max(200),
    addToCartButtonColor: yup
      .string()
      .required()
      .matches(/^[0-9A-Fa-f]{6}$/),
    addToCartText: nonBlank(60),
    customCss: text().nullable().defined().max(20000),
  })
  .noUnknown()
  .strict();
