import { Select } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useFieldError } from '../../components/form';
import type { DefinedTemplate } from '../../contracts/layout';
import { templateOptions } from './layoutForm';

const POPUP_OPTION = 'popup';

/** The template select; the popup template is the empty string, so it keeps '' (not undefined). */
export function TemplateSelect({ scriptTagSupported, initial }: { scriptTagSupported: boolean; initial: string }) {
  const intl = useIntl();
  const { input, meta } = useField<DefinedTemplate>('definedTemplate', { parse: (v) => v, format: (v) => v });
  const options = templateOptions(scriptTagSupported, initial).map((t) => ({
    value: t === '' ? POPUP_OPTION : t,
    label: intl.formatMessage({ id: `Layout.templates.${t || POPUP_OPTION}` }),
  }));
  return (
    <Select
      label={intl.formatMessage({ id: 'fields.definedTemplate' })}
      name="definedTemplate"
      options={options}
      value={input.value === '' ? POPUP_OPTION : input.value}
      onChange={(value) => input.onChange((value === POPUP_OPTION ? '' : value) as DefinedTemplate)}
      helpText={intl.formatMessage({ id: 'Layout.templateHelp' })}
      error={useFieldError(meta)}
    />
  );
}
