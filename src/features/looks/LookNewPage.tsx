import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Create look (built by its issue). */
export default function LookNewPage() {
  return <PagePlaceholder titleId="Pages.lookNew.title" comingSoon />;
}
