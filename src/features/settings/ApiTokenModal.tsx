import { useEffect, useRef, useState } from 'react';
import { Banner, BlockStack, Button, InlineStack, Modal, Text, TextField } from '@shopify/polaris';
import { ClipboardIcon, CheckIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { useRestoreFocus } from '../../components/useRestoreFocus';
import { TOKEN_COPY_CONFIRMATION_MS } from './settingsRules';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older or restricted frames: select the field and use the legacy command.
    if (!input) return false;
    input.select();
    return document.execCommand?.('copy') ?? false;
  }
}

/** Shows a newly generated token once, with a security note and a copy button (confirmation 2 s). */
export function ApiTokenModal({ token, onClose }: { token: string; onClose(): void }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  useRestoreFocus(true);
  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), TOKEN_COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const onCopy = async () => {
    if (await copyText(token, wrapper.current?.querySelector('input') ?? null)) setCopied(true);
  };
  return (
    <Modal
      open
      title={intl.formatMessage({ id: 'Settings.apiToken.modalTitle' })}
      onClose={onClose}
      primaryAction={{ content: intl.formatMessage({ id: 'Settings.apiToken.done' }), onAction: onClose }}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <Banner tone="warning" title={intl.formatMessage({ id: 'Settings.apiToken.shownOnce' })}>
            <p>{intl.formatMessage({ id: 'Settings.apiToken.securityNote' })}</p>
          </Banner>
          <div ref={wrapper}>
            <InlineStack gap="200" blockAlign="end" wrap={false}>
              <div style={{ flex: 1 }}>
                <TextField
                  label={intl.formatMessage({ id: 'Settings.apiToken.label' })}
                  value={token}
                  readOnly
                  autoComplete="off"
                  monospaced
                  onFocus={() => wrapper.current?.querySelector('input')?.select()}
                />
              </div>
              <Button icon={copied ? CheckIcon : ClipboardIcon} onClick={() => void onCopy()}>
                {intl.formatMessage({ id: copied ? 'Settings.apiToken.copied' : 'Settings.apiToken.copy' })}
              </Button>
            </InlineStack>
          </div>
          <Text as="p" tone="subdued">
            {intl.formatMessage({ id: 'Settings.apiToken.usage' })}
          </Text>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
