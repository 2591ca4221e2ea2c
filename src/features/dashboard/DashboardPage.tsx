import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Dashboard (built by its issue). */
export default function DashboardPage() {
  return <PagePlaceholder titleId="Pages.dashboard.title" comingSoon />;
}
