import { makeValidate } from '../../../components/form/makeValidate';
import { lookFormSchema } from '../../../contracts/looks.schema';

/** The look form's validation (yup and the look schema): a chunk the form loads when it is first used (lazyValidate). */
export const validateLookForm = makeValidate(lookFormSchema);
