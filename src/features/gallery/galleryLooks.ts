import { useMemo } from 'react';
import { GALLERY_SEARCH_LIMIT } from '../../contracts/gallery';
import type { LookDetailResponse } from '../../contracts/looks';
import { useGetLookQuery, useGetLooksQuery, type LooksPage } from '../looks';

/** A look as the generation form shows it (search result or the single look). */
export interface GalleryLook {
  id: number;
  title: string;
  imageUrl: string | null;
}

const fromPage = (page: LooksPage): GalleryLook[] =>
  page.ids.map((id) => {
    const look = page.entities[id];
    return { id: look.id, title: look.title, imageUrl: look.image || null };
  });

export const fromDetail = ({ look }: LookDetailResponse): GalleryLook => ({
  id: look.id,
  title: look.mainProduct?.title && !look.title ? look.mainProduct.title : look.title,
  imageUrl: look.mainProduct?.selectedMainImage || look.mainProduct?.image || null,
});

/**
 * The gallery's look search (SPEC §7, §9): the looks feature's GET /productLooks with the query and
 * limit 50, asked only when `skip` is false (2+ characters), stale after 30 s.
 */
export function useGalleryLookSearch(query: string, skip: boolean) {
  const { data, isFetching, isError } = useGetLooksQuery(
    { page: 1, query, limit: GALLERY_SEARCH_LIMIT },
    { skip, refetchOnMountOrArgChange: 30 },
  );
  const looks = useMemo(() => (data ? fromPage(data) : undefined), [data]);
  return { data: looks, isFetching, isError };
}

/** The single look of the form (SPEC §9): the looks feature's GET /productLooks/:id, cached 5 minutes, no refetch on mount. */
export function useGalleryLook(id: number | null) {
  const { data, isLoading, isError } = useGetLookQuery(String(id ?? 0), {
    skip: !id,
    refetchOnMountOrArgChange: false,
  });
  const look = useMemo(() => (data ? fromDetail(data) : undefined), [data]);
  return { data: look, isLoading, isError };
}
