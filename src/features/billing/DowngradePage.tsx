import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Downgrade (built by its issue). */
export default function DowngradePage() {
  return <PagePlaceholder titleId="Pages.downgrade.title" comingSoon />;
}
