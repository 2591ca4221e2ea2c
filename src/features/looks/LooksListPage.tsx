import { useCallback, useState } from 'react';
import { Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { LooksTable } from './list/LooksTable';
import type { LookListItem } from '../../contracts/looks';
import { useShop } from '../shop';
import type { AppStore } from '../../app/store';
import { prefetchQuery } from '../../api/prefetchQuery';
import { looksApi } from './looksApi';
import { FIRST_LOOKS_PAGE } from './list/LooksTable';
import { lazyOnce } from '../../components/lazyOnce';

/** The delete confirmation: a chunk of its own, loaded once the merchant deletes a look (the first screen has none). */
const deleteLookModal = lazyOnce(() => import(/* webpackChunkName: "delete-look-modal" */ './list/DeleteLookModal'));

/** The list's first page, asked on boot with the shop call (routes.tsx): the table renders with it. */
export function prefetch(store: AppStore): Promise<unknown> {
  return prefetchQuery(store, (dispatch) => dispatch(looksApi.endpoints.getLooks.initiate(FIRST_LOOKS_PAGE)));
}

/** /looks: search, table, pagination, empty states and delete (SPEC §2 Looks list). */
export default function LooksListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [toDelete, setToDelete] = useState<LookListItem | null>(null);
  const onDelete = useCallback((look: LookListItem) => setToDelete(look), []);
  // SPEC §6: imageGalleryEnabled is read on the looks page; the gallery also needs the AI flag.
  const { options } = useShop();
  const galleryEnabled = options.imageGalleryEnabled && options.aiImageGenerationEnabled;
  return (
    <Page
      title={intl.formatMessage({ id: 'Looks.list.title' })}
      primaryAction={{
        content: intl.formatMessage({ id: 'Looks.list.create' }),
        onAction: () => navigate('/looks/new'),
      }}
      secondaryActions={
        galleryEnabled
          ? [{ content: intl.formatMessage({ id: 'Looks.list.gallery' }), onAction: () => navigate('/gallery') }]
          : []
      }
    >
      <LooksTable onDelete={onDelete} />
      {toDelete && <deleteLookModal.Slot look={toDelete} onClose={() => setToDelete(null)} fallback={null} />}
    </Page>
  );
}
