import { PagePlaceholder } from '../../components/PagePlaceholder';

/** Settings (built by its issue). */
export default function SettingsPage() {
  return <PagePlaceholder titleId="Pages.settings.title" comingSoon />;
}
