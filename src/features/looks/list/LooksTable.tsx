import { useCallback, useEffect, useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  Card,
  EmptySearchResult,
  IndexTable,
  InlineStack,
  Pagination,
  SkeletonBodyText,
  SkeletonThumbnail,
  Text,
  TextField,
  Banner,
  Icon,
} from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { LookListItem } from '../../../contracts/looks';
import { useGetLooksQuery } from '../looksApi';
import { selectLooksOfPage } from '../looksSelectors';
import { useDebouncedSearch } from '../useDebouncedSearch';
import { LooksEmptyState } from './LooksEmptyState';
import { LookCompactRow, LookRow } from './LookRows';
import { useLgDown } from '../../../components/narrowScreen';
import { useNarrowContainer } from '../../../components/useNarrowContainer';

/** What the table asks first (the page prefetches exactly this on boot). */
export const FIRST_LOOKS_PAGE = { page: 1, query: '' } as const;

/** Below this card width the looks are a stacked list. */
export const LOOKS_TABLE_MIN_WIDTH = 860;

export function LooksTable({ onDelete }: { onDelete(look: LookListItem): void }) {
  const intl = useIntl();
  const navigate = useNavigate();
  // Image, title, status, tags and four actions need about 860 px: a narrower card stacks them.
  const lgDown = useLgDown();
  const { ref, narrow: condensed } = useNarrowContainer<HTMLDivElement>(LOOKS_TABLE_MIN_WIDTH, lgDown);
  const [page, setPage] = useState<number>(FIRST_LOOKS_PAGE.page);
  const resetPage = useCallback(() => setPage(1), []);
  const search = useDebouncedSearch(resetPage);
  const args = { page, query: search.applied };
  const { looks, pagination, isLoading, isFetching, isError, failedSearch, refetch } = useGetLooksQuery(args, {
    selectFromResult: ({ data, currentData, isLoading, isFetching, isError }) => ({
      looks: selectLooksOfPage(data),
      pagination: data?.paginationDetails,
      isLoading,
      isFetching,
      isError,
      // The rows shown are of another search or page than the one that failed: not shown as its result.
      failedSearch: isError && !isFetching && !currentData,
    }),
  });

  // Deleting the last look of a page goes back one page.
  useEffect(() => {
    if (!isFetching && pagination && looks.length === 0 && page > 1) setPage(pagination.previousPage ?? 1);
  }, [isFetching, pagination, looks.length, page]);

  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  if (isLoading) return <LooksSkeleton />;

  if (isError && !pagination) {
    return (
      <Card>
        <BlockStack gap="300" inlineAlign="start">
          <Text as="h2" variant="headingMd">
            {t('Looks.loadError.title')}
          </Text>
          <Banner tone="critical">{t('Looks.loadError.description')}</Banner>
          <Button onClick={() => refetch()}>{t('General.actions.retry')}</Button>
        </BlockStack>
      </Card>
    );
  }

  if (pagination?.totalItems === 0 && search.applied === '' && search.text.trim() === '') {
    return (
      <Card>
        <LooksEmptyState
          heading={t('Looks.empty.heading')}
          action={{ content: t('Looks.list.create'), onAction: () => navigate('/looks/new') }}
        >
          <p>{t('Looks.empty.description')}</p>
        </LooksEmptyState>
      </Card>
    );
  }

  const resourceName = { singular: t('Looks.list.resourceName.singular'), plural: t('Looks.list.resourceName.plural') };
  // Phones and narrow windows: a stacked list (IndexTable's condensed mode), never a sideways scroll.
  const rows = looks.map((look, index) =>
    condensed ? (
      <LookCompactRow key={look.id} look={look} index={index} onDelete={onDelete} />
    ) : (
      <LookRow key={look.id} look={look} index={index} onDelete={onDelete} />
    ),
  );

  return (
    <div ref={ref}>
      <Card padding="0">
        <Box padding="300">
          <TextField
            label={t('Looks.list.searchLabel')}
            labelHidden
            placeholder={t('Looks.list.searchPlaceholder')}
            prefix={<SearchIconPrefix />}
            value={search.text}
            onChange={search.setText}
            clearButton
            onClearButtonClick={() => search.setText('')}
            helpText={search.pendingTooShort ? t('Looks.list.searchHint') : undefined}
            autoComplete="off"
          />
        </Box>
        {isError && (
          <Box paddingInline="300" paddingBlockEnd="300">
            <Banner tone="critical" action={{ content: t('General.actions.retry'), onAction: () => void refetch() }}>
              {t('Looks.loadError.title')}
            </Banner>
          </Box>
        )}
        {!failedSearch && (
          <IndexTable
            condensed={condensed}
            resourceName={resourceName}
            itemCount={looks.length}
            selectable={false}
            loading={isFetching}
            emptyState={
              <EmptySearchResult
                title={t('Looks.noResults.heading')}
                description={t('Looks.noResults.description')}
                withIllustration
              />
            }
            headings={[
              { title: t('Looks.list.columns.image') },
              { title: t('Looks.list.columns.title') },
              { title: t('Looks.list.columns.status') },
              { title: t('Looks.list.columns.tags') },
              { title: t('Looks.list.columns.actions'), alignment: 'end' },
            ]}
          >
            {rows}
          </IndexTable>
        )}
        {!failedSearch && pagination && pagination.totalItems > 0 && (
          <Box padding="300" borderBlockStartWidth="025" borderColor="border">
            <InlineStack align="center">
              <Pagination
                hasPrevious={!!pagination.previousPage}
                hasNext={!!pagination.nextPage}
                onPrevious={() => pagination.previousPage && setPage(pagination.previousPage)}
                onNext={() => pagination.nextPage && setPage(pagination.nextPage)}
                label={t('Looks.pagination.label', { page, total: pagination.totalItems })}
              />
            </InlineStack>
          </Box>
        )}
      </Card>
    </div>
  );
}

function SearchIconPrefix() {
  return <Icon source={SearchIcon} tone="subdued" />;
}

function LooksSkeleton() {
  return (
    <Card>
      <BlockStack gap="400">
        {[0, 1, 2, 3].map((i) => (
          <InlineStack key={i} gap="400" blockAlign="center" wrap={false}>
            <SkeletonThumbnail size="small" />
            <div style={{ flex: 1 }}>
              <SkeletonBodyText lines={1} />
            </div>
          </InlineStack>
        ))}
      </BlockStack>
    </Card>
  );
}
