import { Badge, type BadgeProps } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { GenerationStatus } from '../../../contracts/gallery';

/** SPEC §4 tones: completed success, pending attention, in-queue and in-progress warning, failed critical. */
export const STATUS_TONE: Record<GenerationStatus, BadgeProps['tone']> = {
  COMPLETED: 'success',
  PENDING: 'attention',
  IN_QUEUE: 'warning',
  IN_PROGRESS: 'warning',
  FAILED: 'critical',
};

export function GenerationStatusBadge({ status }: { status: GenerationStatus }) {
  const intl = useIntl();
  return <Badge tone={STATUS_TONE[status]}>{intl.formatMessage({ id: `Generation.status.${status}` })}</Badge>;
}
