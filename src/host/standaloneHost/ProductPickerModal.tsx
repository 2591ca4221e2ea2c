import { useEffect, useMemo, useState } from 'react';
import {
  BlockStack,
  Checkbox,
  InlineStack,
  Modal,
  Spinner,
  Text,
  TextField,
  Thumbnail,
  Banner,
  RadioButton,
} from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { CatalogProduct, PickedProduct } from '../../contracts/catalog';
import type { PickerRequest, StandaloneHost } from './standaloneHost';
import type { AnswerOf } from '../../contracts/adminRoutes.schema';
import { routeUrl } from '../../api/routeRequest';
import { useRestoreFocus } from '../../components/useRestoreFocus';

/** The standalone product picker: the reference backend's catalog, archived products excluded by the server. */
export default function ProductPickerModal({ host, request }: { host: StandaloneHost; request: PickerRequest }) {
  const intl = useIntl();
  // Back to the button that asked for products; a pick that re-renders it ("Select product" becoming
  // "Change") goes to what took its place.
  useRestoreFocus(true, { nearOpener: true });
  const { multiple, selectedIds = [] } = request.options;
  const [query, setQuery] = useState('');
  const [products, setProducts] = useState<CatalogProduct[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  const [chosen, setChosen] = useState<Map<string, CatalogProduct>>(new Map());

  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      host
        .fetchJson<AnswerOf<'GET /catalog/products'>>(
          routeUrl('GET /catalog/products', { query: { limit: 100, query } }),
        )
        .then((body) => !cancelled && (setProducts(body.data), setFailed(false)))
        .catch(() => !cancelled && setFailed(true));
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [host, query, attempt]);

  const preselected = useMemo(() => new Set(selectedIds), [selectedIds]);

  const toggle = (product: CatalogProduct, on: boolean) => {
    setChosen((prev) => {
      const next = new Map(multiple ? prev : []);
      if (on) next.set(product.id, product);
      else next.delete(product.id);
      return next;
    });
  };

  const select = () => {
    const picked: PickedProduct[] = [...chosen.values()].map((p) => ({
      id: p.id,
      title: p.title,
      handle: p.handle,
      images: p.images.map((src) => ({ originalSrc: src })),
    }));
    request.resolve(picked);
  };

  return (
    <Modal
      open
      title={intl.formatMessage({ id: multiple ? 'Picker.titleMultiple' : 'Picker.title' })}
      onClose={() => request.resolve(undefined)}
      primaryAction={{
        content: intl.formatMessage({ id: 'Picker.select' }, { count: chosen.size }),
        disabled: chosen.size === 0,
        onAction: select,
      }}
      secondaryActions={[
        { content: intl.formatMessage({ id: 'General.actions.cancel' }), onAction: () => request.resolve(undefined) },
      ]}
    >
      <Modal.Section>
        <BlockStack gap="300">
          <TextField
            label={intl.formatMessage({ id: 'Picker.search' })}
            labelHidden
            placeholder={intl.formatMessage({ id: 'Picker.search' })}
            value={query}
            onChange={setQuery}
            autoComplete="off"
            clearButton
            onClearButtonClick={() => setQuery('')}
            autoFocus
          />
          {failed && (
            <Banner
              tone="critical"
              action={{ content: intl.formatMessage({ id: 'General.actions.retry' }), onAction: retry }}
            >
              {intl.formatMessage({ id: 'Picker.loadError' })}
            </Banner>
          )}
          {!products && !failed && (
            <InlineStack align="center">
              <Spinner size="small" accessibilityLabel={intl.formatMessage({ id: 'General.loading' })} />
            </InlineStack>
          )}
          {products?.length === 0 && (
            <Text as="p" tone="subdued">
              {intl.formatMessage({ id: 'Picker.empty' })}
            </Text>
          )}
          <BlockStack gap="200">
            {products?.map((product) => {
              const label = (
                <InlineStack gap="300" blockAlign="center" wrap={false}>
                  <Thumbnail source={product.images[0] ?? ''} alt="" size="small" />
                  <BlockStack>
                    <Text as="span" fontWeight="medium">
                      {product.title}
                    </Text>
                    {preselected.has(product.id) && (
                      <Text as="span" tone="subdued" variant="bodySm">
                        {intl.formatMessage({ id: 'Picker.alreadyAdded' })}
                      </Text>
                    )}
                  </BlockStack>
                </InlineStack>
              );
              const checked = chosen.has(product.id);
              return (
                <div key={product.id} data-testid="picker-product">
                  {multiple ? (
                    <Checkbox label={label} checked={checked} onChange={(on) => toggle(product, on)} />
                  ) : (
                    <RadioButton
                      label={label}
                      name="picker-product"
                      checked={checked}
                      onChange={(on) => toggle(product, on)}
                    />
                  )}
                </div>
              );
            })}
          </BlockStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
