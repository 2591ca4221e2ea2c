import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Generated images list (built by its issue). */
export default function GalleryListPage() {
  return <PagePlaceholder titleId="Pages.gallery.title" comingSoon />;
}
