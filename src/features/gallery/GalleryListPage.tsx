import { useEffect, useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  IndexTable,
  InlineStack,
  Page,
  Pagination,
  SkeletonBodyText,
  Tabs,
  Text,
  Thumbnail,
  useBreakpoints,
} from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { ACTIVE_STATUSES, IMAGE_TYPES, type ImageGeneration, type ImageType } from '../../contracts/gallery';
import { galleryApi, useGetGenerationsQuery } from './galleryApi';
import { prefetchQuery } from '../../api/prefetchQuery';
import type { AppStore } from '../../app/store';
import { GalleryGate } from './components/GalleryGate';
import { GenerationStatusBadge } from './components/GenerationStatusBadge';
import { DownloadButton } from './components/DownloadButton';

const TABS: Array<ImageType | 'all'> = ['all', ...IMAGE_TYPES];
/** The list as it opens: all image types, first page. */
const FIRST_GENERATIONS_PAGE = { imageType: undefined, page: 1 };

/** The list's first page, asked on boot with the shop call (routes.tsx): the page renders with it. */
export function prefetch(store: AppStore): Promise<unknown> {
  return prefetchQuery(store, (dispatch) =>
    dispatch(galleryApi.endpoints.getGenerations.initiate(FIRST_GENERATIONS_PAGE)),
  );
}

/** /gallery: generated images with type tabs and counts, status badges, edit and download. */
export default function GalleryListPage() {
  return (
    <GalleryGate>
      <GalleryList />
    </GalleryGate>
  );
}

function GalleryList() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const { smDown } = useBreakpoints();
  const [tab, setTab] = useState(0);
  const [page, setPage] = useState(1);
  const imageType = TABS[tab] === 'all' ? undefined : (TABS[tab] as ImageType);
  // While a generation runs, the list refreshes itself so statuses move without a reload.
  const [polling, setPolling] = useState(0);
  const { data, isLoading, isError, isFetching, refetch } = useGetGenerationsQuery(
    { imageType, page },
    { refetchOnMountOrArgChange: true, pollingInterval: polling },
  );
  const running = !!data?.data.some((g) => ACTIVE_STATUSES.includes(g.status));
  useEffect(() => setPolling(running ? 3000 : 0), [running]);
  const counts = data?.counts;

  // The count is part of the tab's text ("Flat lay (2)"): the tab is named by exactly what it shows.
  // (A Polaris tab badge would be read as "New 2" and concatenated into the visible name.)
  const tabs = TABS.map((key) => ({
    id: `gallery-tab-${key}`,
    content: `${t(key === 'all' ? 'Gallery.tabs.all' : `Gallery.type.${key}`)}${counts ? ` (${intl.formatNumber(counts[key])})` : ''}`,
    panelID: `gallery-panel-${key}`,
  }));

  const createAction = { content: t('Gallery.list.create'), onAction: () => navigate('/gallery/new') };

  if (isError) {
    return (
      <Page title={t('Pages.gallery.title')}>
        <Card>
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingMd">
              {t('Gallery.list.errorTitle')}
            </Text>
            <Text as="p" tone="subdued">
              {t('Gallery.list.errorDescription')}
            </Text>
            <Button onClick={() => void refetch()}>{t('General.actions.retry')}</Button>
          </BlockStack>
        </Card>
      </Page>
    );
  }

  const rows = data?.data ?? [];
  const empty = !isLoading && counts?.all === 0;

  return (
    <Page
      title={t('Pages.gallery.title')}
      primaryAction={createAction}
      backAction={{ content: t('Gallery.list.backToLooks'), url: '/looks' }}
    >
      <Card padding="0">
        {isLoading ? (
          // Only a skeleton until the first answer: tabs measured while loading would push it down.
          <div style={{ padding: 16 }}>
            <SkeletonBodyText lines={6} />
          </div>
        ) : empty ? (
          // Not Polaris' EmptyState: its image skeleton resizes after the first paint (a layout shift).
          <Box padding="800">
            <BlockStack gap="400" inlineAlign="center">
              <Text as="p" variant="headingMd" alignment="center">
                {t('Gallery.list.emptyTitle')}
              </Text>
              <Text as="p" tone="subdued" alignment="center">
                {t('Gallery.list.emptyDescription')}
              </Text>
              <Button variant="primary" onClick={createAction.onAction}>
                {createAction.content}
              </Button>
            </BlockStack>
          </Box>
        ) : (
          <>
            <Tabs
              tabs={tabs}
              selected={tab}
              onSelect={(i) => {
                setTab(i);
                setPage(1);
              }}
            />
            <IndexTable
              condensed={smDown}
              resourceName={{ singular: t('Gallery.list.resourceSingular'), plural: t('Gallery.list.resourcePlural') }}
              itemCount={rows.length}
              selectable={false}
              loading={isFetching}
              emptyState={
                <div style={{ padding: 24 }}>
                  <Text as="p" tone="subdued" alignment="center">
                    {t('Gallery.list.emptyTab')}
                  </Text>
                </div>
              }
              headings={[
                { title: t('Gallery.list.image') },
                { title: t('Gallery.list.titleColumn') },
                { title: t('Gallery.list.type') },
                { title: t('Gallery.list.status') },
                { title: t('Gallery.list.created') },
                { title: t('Gallery.list.actions'), alignment: 'end' },
              ]}
            >
              {rows.map((g, index) =>
                smDown ? <CompactRow key={g.id} g={g} index={index} /> : <FullRow key={g.id} g={g} index={index} />,
              )}
            </IndexTable>
            {(data?.paginationDetails.nextPage || data?.paginationDetails.previousPage) && (
              <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
                <Pagination
                  hasPrevious={!!data?.paginationDetails.previousPage}
                  onPrevious={() => setPage((p) => Math.max(1, p - 1))}
                  hasNext={!!data?.paginationDetails.nextPage}
                  onNext={() => setPage((p) => p + 1)}
                />
              </div>
            )}
          </>
        )}
      </Card>
    </Page>
  );
}

function useRowParts(g: ImageGeneration) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const created = intl.formatDate(g.createdAt, { dateStyle: 'medium', timeStyle: 'short' });
  const actions = (
    <ButtonGroup>
      <Button url={`/gallery/edit/${g.id}`} accessibilityLabel={`${t('Gallery.list.edit')} ${g.title}`}>
        {t('Gallery.list.edit')}
      </Button>
      <DownloadButton generation={g} />
    </ButtonGroup>
  );
  const thumb = <Thumbnail source={g.generatedImageUrl || ImageIcon} alt={g.title} size="small" />;
  return { created, actions, thumb, type: t(`Gallery.type.${g.imageType}`) };
}

function FullRow({ g, index }: { g: ImageGeneration; index: number }) {
  const { created, actions, thumb, type } = useRowParts(g);
  return (
    <IndexTable.Row id={String(g.id)} position={index}>
      <IndexTable.Cell>{thumb}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {g.title}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>{type}</IndexTable.Cell>
      <IndexTable.Cell>
        <GenerationStatusBadge status={g.status} />
      </IndexTable.Cell>
      <IndexTable.Cell>{created}</IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack align="end">{actions}</InlineStack>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}

/** Small screens: one stacked cell per generation. */
function CompactRow({ g, index }: { g: ImageGeneration; index: number }) {
  const { created, actions, thumb, type } = useRowParts(g);
  return (
    <IndexTable.Row id={String(g.id)} position={index}>
      <div style={{ padding: '12px 16px' }}>
        <InlineStack gap="300" blockAlign="start" wrap={false}>
          {thumb}
          <BlockStack gap="100">
            <Text as="span" fontWeight="semibold">
              {g.title}
            </Text>
            <InlineStack gap="200" blockAlign="center">
              <Text as="span" tone="subdued">
                {type}
              </Text>
              <GenerationStatusBadge status={g.status} />
            </InlineStack>
            <Text as="span" tone="subdued" variant="bodySm">
              {created}
            </Text>
            {actions}
          </BlockStack>
        </InlineStack>
      </div>
    </IndexTable.Row>
  );
}
