import { useEffect, useRef, useState } from 'react';
import { Banner, Modal, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useVerifyPurchaseMutation } from './creditsApi';

type Notice = { tone: 'success' | 'critical'; message: string } | null;

/**
 * Return from the charge confirmation: `page=thankYou&charge_id&package_id`
 * verifies the purchase (success modal); the alternate
 * `purchase=success|other&credits_added` shows a banner. Either way
 * the query is cleared so a reload does nothing twice. The banners are our
 * own texts: a `message` parameter is never shown (anyone can put text in a
 * link, and it would not be in the screen's language).
 */
export function PurchaseReturn() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const [verify] = useVerifyPurchaseMutation();
  const [success, setSuccess] = useState<{ credits: number; name: string } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const page = params.get('page');
    const chargeId = params.get('charge_id');
    const packageId = params.get('package_id');
    const purchase = params.get('purchase');
    if (page === 'thankYou' && chargeId && packageId) {
      handled.current = true;
      setParams({}, { replace: true });
      verify({ packageId, chargeId })
        .unwrap()
        .then((res) => setSuccess({ credits: res.package.credits, name: res.package.name }))
        .catch(() => setNotice({ tone: 'critical', message: t('Credits.purchase.verifyFailed') }));
    } else if (purchase) {
      handled.current = true;
      const added = Number(params.get('credits_added') ?? 0);
      setParams({}, { replace: true });
      setNotice(
        purchase === 'success'
          ? { tone: 'success', message: t('Credits.purchase.successBanner', { count: added }) }
          : { tone: 'critical', message: t('Credits.purchase.failedBanner') },
      );
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);

  return (
    <>
      {notice && (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.message}
        </Banner>
      )}
      <Modal
        open={!!success}
        onClose={() => setSuccess(null)}
        title={t('Credits.purchase.successTitle')}
        primaryAction={{ content: t('General.actions.close'), onAction: () => setSuccess(null) }}
      >
        <Modal.Section>
          <Text as="p">
            {success ? t('Credits.purchase.successBody', { count: success.credits, name: success.name }) : ''}
          </Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
