import { BlockStack, Button, Card, Checkbox, InlineError, InlineStack, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useHost } from '../../../host/HostContext';
import { applyMainImageToggle, TITLE_TRUNCATE, truncate, type LookMainProduct } from '../../../contracts/looks';
import { useLookError } from './useLookError';
import { ProductThumbnail } from '../../../components/ProductThumbnail';

/** Main product: chosen through the host's product picker; main-image toggle. */
export function MainProductSection() {
  const intl = useIntl();
  const host = useHost();
  const { input } = useField<LookMainProduct>('mainProduct');
  const main = input.value;
  const mainImage = main.selectedMainImage || main.image;
  const itemError = useLookError('mainProduct.itemId');
  const objectError = useLookError('mainProduct');
  const error = itemError ?? objectError;

  const pick = async () => {
    const picked = await host.pickProducts({ multiple: false, selectedIds: main.itemId ? [main.itemId] : [] });
    const product = picked?.[0];
    if (!product) return;
    const productImages = product.images.map((i) => i.originalSrc);
    const next: LookMainProduct = {
      itemId: product.id,
      title: product.title,
      image: productImages[0] ?? '',
      selectedMainImage: null,
      productImages,
    };
    // A new product keeps the toggle's state: on → its first image.
    input.onChange(applyMainImageToggle(next, main.itemId ? !!main.selectedMainImage : true));
  };

  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Looks.mainProduct.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Looks.mainProduct.description')}
          </Text>
        </BlockStack>
        {main.itemId ? (
          <InlineStack gap="300" blockAlign="center" wrap={false}>
            <ProductThumbnail image={mainImage} size="medium" />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text as="p" fontWeight="semibold" truncate>
                <span data-testid="main-product-title">{truncate(main.title, TITLE_TRUNCATE)}</span>
              </Text>
            </div>
            <Button onClick={pick}>{t('Looks.mainProduct.change')}</Button>
          </InlineStack>
        ) : (
          <InlineStack>
            <Button onClick={pick}>{t('Looks.mainProduct.select')}</Button>
          </InlineStack>
        )}
        {main.itemId && (
          <Checkbox
            label={t('Looks.mainProduct.useMainImage')}
            checked={!!main.selectedMainImage}
            onChange={(on) => input.onChange(applyMainImageToggle(main, on))}
          />
        )}
        {error && <InlineError message={error} fieldID="mainProduct" />}
      </BlockStack>
    </Card>
  );
}
