import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Edit and view generation (built by its issue). */
export default function GalleryEditPage() {
  return <PagePlaceholder titleId="Pages.galleryEdit.title" comingSoon />;
}
