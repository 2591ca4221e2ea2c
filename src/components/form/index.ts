// Shared react-final-form building blocks (Polaris fields, schema validation, save bar).
export { makeValidate, submitErrorsFrom, formatValidation } from './validation';
export { useFieldError } from './useFieldError';
export { FormTextField } from './FormTextField';
export { FormCheckbox } from './FormCheckbox';
export { FormSelect } from './FormSelect';
export { FormSaveBar } from './FormSaveBar';
export { useLeaveConfirmation } from './useLeaveConfirmation';
export { useSaveForm, type SaveFormOptions } from './useSaveForm';
