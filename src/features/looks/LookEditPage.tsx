import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Edit look (built by its issue). */
export default function LookEditPage() {
  return <PagePlaceholder titleId="Pages.lookEdit.title" comingSoon />;
}
