import { useMemo, type ReactNode } from 'react';
import { Form } from 'react-final-form';
import { FormSaveBar } from '../../components/form';
import { PagePlaceholder } from '../../components/PagePlaceholder';
import { LoadErrorPage } from '../../components/LoadErrorPage/LoadErrorPage';
import type { LayoutSettings } from '../../contracts/layout';
import { useGetLayoutQuery } from './layoutApi';
import { toLayoutFormValues } from './layoutForm';
import { useLayoutSubmit } from './useLayoutSubmit';
import { validateLayoutLazily } from './layoutValidation';

/**
 * Loads the layout settings and wraps a page in their form: skeleton while
 * loading, error with retry, save bar, discard and leave confirmation.
 */
export function LayoutForm({
  titleId,
  page,
  children,
}: {
  titleId: string;
  /** Which page saves (its analytics event property). */
  page: 'layout' | 'layoutLegacy';
  children(saved: LayoutSettings): ReactNode;
}) {
  const { data, isLoading, isError, refetch } = useGetLayoutQuery();
  const initialValues = useMemo(() => toLayoutFormValues(data), [data]);
  const onSubmit = useLayoutSubmit(page);

  if (isLoading) return <PagePlaceholder titleId={titleId} />;
  if (isError || !data) return <LoadErrorPage titleId={titleId} onRetry={refetch} />;
  return (
    <Form<LayoutSettings>
      onSubmit={onSubmit}
      initialValues={initialValues}
      validate={validateLayoutLazily}
      subscription={{}}
    >
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit}>
          <FormSaveBar />
          {children(data)}
        </form>
      )}
    </Form>
  );
}
