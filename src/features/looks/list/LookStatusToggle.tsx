import { Button } from '@shopify/polaris';
import { ToggleOffIcon, ToggleOnIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../api/errors';
import { PLAN_UPGRADE_REQUIRED, type LookListItem } from '../../../contracts/looks';
import { useHost } from '../../../host/HostContext';
import { track } from '../../../analytics/tracker';
import { useSetLookFlagsMutation } from '../looksApi';

/**
 * Activate / set to draft from the list: the status changes at once (optimistic update of every
 * cached page) and goes back with an error toast when the server refuses, e.g. beyond the plan's
 * active looks.
 */
export function LookStatusToggle({ look }: { look: LookListItem }) {
  const intl = useIntl();
  const host = useHost();
  const [setFlags, { isLoading }] = useSetLookFlagsMutation();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const toggle = async () => {
    const active = !look.active;
    try {
      await setFlags({ id: look.id, flags: { active } }).unwrap();
      track('look_updated', { id: look.id, active });
    } catch (error) {
      const message =
        errorCode(error) === PLAN_UPGRADE_REQUIRED ? 'Looks.errors.planUpgrade' : 'Looks.notifications.statusError';
      host.toast(t(message), { isError: true });
    }
  };

  return (
    <Button
      icon={look.active ? ToggleOnIcon : ToggleOffIcon}
      variant="tertiary"
      disabled={isLoading}
      accessibilityLabel={t(look.active ? 'Looks.actions.deactivateLabel' : 'Looks.actions.activateLabel', {
        title: look.title,
      })}
      onClick={toggle}
    >
      {t(look.active ? 'Looks.actions.deactivate' : 'Looks.actions.activate')}
    </Button>
  );
}
