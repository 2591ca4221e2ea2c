import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Plans (built by its issue). */
export default function PlansPage() {
  return <PagePlaceholder titleId="Pages.plans.title" comingSoon />;
}
