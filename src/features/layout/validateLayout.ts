import { makeValidate } from '../../components/form/makeValidate';
import { layoutSettingsSchema } from '../../contracts/layout.schema';

/** The layout settings' validation (yup and the layout schema): a chunk loaded when the form is first used (layoutValidation.ts). */
export const validateLayoutSettings = makeValidate(layoutSettingsSchema);
