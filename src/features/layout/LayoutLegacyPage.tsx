import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Older layout page (built by its issue). */
export default function LayoutLegacyPage() {
  return <PagePlaceholder titleId="Pages.layoutLegacy.title" comingSoon />;
}
