// Shared react-final-form building blocks (Polaris fields, schema validation, save bar).
export { submitErrorsFrom, formatValidation } from './validation';
export { makeValidate } from './makeValidate';
export { lazyValidate } from './lazyValidate';
export { useFieldError } from './useFieldError';
export { FormTextField } from './FormTextField';
export { FormCheckbox } from './FormCheckbox';
export { FormSelect } from './FormSelect';
export { FormSaveBar, loadFormChanged } from './FormSaveBar';
export { useLeaveConfirmation } from './useLeaveConfirmation';
export { useSaveForm, type SaveFormOptions } from './useSaveForm';
