import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Booster settings (built by its issue). */
export default function BoosterPage() {
  return <PagePlaceholder titleId="Pages.booster.title" comingSoon />;
}
