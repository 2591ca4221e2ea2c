import type { IntlShape } from 'react-intl';
import { errorMessage, errorStatus } from '../../api/errors';

/** SPEC §8: 402 → server message or insufficient-credits text; others → message or unknown-error text. */
export function generationErrorText(intl: IntlShape, error: unknown): string {
  const message = errorMessage(error);
  if (errorStatus(error) === 402) return message || intl.formatMessage({ id: 'Generation.errors.insufficientCredits' });
  return message || intl.formatMessage({ id: 'Generation.errors.unknown' });
}
