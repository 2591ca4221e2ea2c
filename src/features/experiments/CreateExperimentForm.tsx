import { useState } from 'react';
import { Banner, BlockStack, Button, FormLayout, Select, Text, TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { DEFINED_TEMPLATES } from '../../contracts/layout';
import { apiErrorMessage } from './apiErrorMessage';
import { parseSplit, SplitField, SPLIT_RANGE } from './SplitField';
import { useCreateExperimentMutation } from './experimentsApi';

const NONE = '__none__';

export interface CreateExperimentFormProps {
  lookId: number;
  /** The look's images variant B may show. */
  images: readonly string[];
}

/** Makes a draft A/B test of a look: variant B with another image and/or layout template, and B's share of shoppers. */
export default function CreateExperimentForm({ lookId, images }: CreateExperimentFormProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [create, state] = useCreateExperimentMutation();
  const [name, setName] = useState('B');
  const [image, setImage] = useState(NONE);
  const [template, setTemplate] = useState(NONE);
  const [split, setSplit] = useState('50');
  const [splitError, setSplitError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const imageOptions = [
    { label: t('Experiments.form.sameImage'), value: NONE },
    ...images.map((url, i) => ({ label: t('Experiments.form.imageN', { n: i + 1 }), value: url })),
  ];
  const templateOptions = [
    { label: t('Experiments.form.sameLayout'), value: NONE },
    ...DEFINED_TEMPLATES.map((v) => ({ label: t(`Layout.templates.${v || 'popup'}`), value: v || 'popup' })),
  ];
  const submit = () => {
    setError(null);
    // An out-of-range split is refused here, under the field, before anything is sent.
    const share = parseSplit(split);
    if (share === null) {
      setSplitError(t('Experiments.form.splitRange', SPLIT_RANGE));
      return;
    }
    const chosenTemplate = template === NONE ? null : template === 'popup' ? '' : template;
    const body = {
      lookId,
      split: share,
      variant: { name, imageUrl: image === NONE ? null : image, template: chosenTemplate },
    };
    create(body)
      .unwrap()
      .catch((e: unknown) => setError(apiErrorMessage(e, t('Experiments.errors.generic'))));
  };

  return (
    <BlockStack gap="300">
      <Text as="h3" variant="headingSm">
        {t('Experiments.form.title')}
      </Text>
      {error && (
        <Banner tone="critical" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      )}
      <FormLayout>
        <TextField
          label={t('Experiments.form.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          maxLength={60}
        />
        <Select label={t('Experiments.form.image')} options={imageOptions} value={image} onChange={setImage} />
        <Select
          label={t('Experiments.form.template')}
          options={templateOptions}
          value={template}
          onChange={setTemplate}
        />
        <SplitField
          name={name || 'B'}
          helpText={t('Experiments.form.splitHelp')}
          value={split}
          onChange={(value) => {
            setSplit(value);
            setSplitError(undefined);
          }}
          error={splitError}
        />
      </FormLayout>
      <div>
        <Button variant="primary" onClick={submit} loading={state.isLoading}>
          {t('Experiments.actions.create')}
        </Button>
      </div>
    </BlockStack>
  );
}
