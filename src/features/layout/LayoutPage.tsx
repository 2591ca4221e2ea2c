import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Layout editor with live preview (built by its issue). */
export default function LayoutPage() {
  return <PagePlaceholder titleId="Pages.layout.title" comingSoon />;
}
