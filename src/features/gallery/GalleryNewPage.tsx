import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Create generation (built by its issue). */
export default function GalleryNewPage() {
  return <PagePlaceholder titleId="Pages.galleryNew.title" comingSoon />;
}
