import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Looks list (built by its issue). */
export default function LooksListPage() {
  return <PagePlaceholder titleId="Pages.looks.title" comingSoon />;
}
