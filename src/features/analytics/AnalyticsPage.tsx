import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Analytics (built by its issue). */
export default function AnalyticsPage() {
  return <PagePlaceholder titleId="Pages.analytics.title" comingSoon />;
}
