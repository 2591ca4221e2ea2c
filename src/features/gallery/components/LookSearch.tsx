import { useEffect, useState } from 'react';
import { BlockStack, Box, Combobox, Listbox, Spinner, Text, InlineStack } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import {
  GALLERY_DROPDOWN_MAX_HEIGHT,
  GALLERY_SEARCH_DEBOUNCE_MS,
  GALLERY_SEARCH_MIN_CHARS,
} from '../../../contracts/gallery';
import { useGalleryLookSearch, type GalleryLook } from '../galleryLooks';
import { ProductThumbnail } from '../../../components/ProductThumbnail';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Look search of the generation form: starts at 2 characters (else the
 * 'minimum characters' hint), debounced 150 ms, up to 50 results in a
 * dropdown at most 200 px high. A Polaris Combobox: the field is a combobox
 * (expanded, active option), arrow keys move through the looks, Enter picks one.
 */
export function LookSearch({ onSelect, error }: { onSelect(look: GalleryLook): void; error?: string }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), GALLERY_SEARCH_DEBOUNCE_MS);
  const enough = query.length >= GALLERY_SEARCH_MIN_CHARS;
  const { data, isFetching, isError } = useGalleryLookSearch(query, !enough);
  const tooShort = text.trim().length > 0 && text.trim().length < GALLERY_SEARCH_MIN_CHARS;
  const results = enough && !isFetching && data ? data : null;

  const pick = (value: string) => {
    const look = results?.find((l) => String(l.id) === value);
    if (!look) return;
    onSelect(look);
    setText('');
  };

  return (
    <BlockStack gap="100">
      <Combobox
        maxHeight={`${GALLERY_DROPDOWN_MAX_HEIGHT}px`}
        activator={
          <Combobox.TextField
            label={intl.formatMessage({ id: 'Gallery.form.look' })}
            placeholder={intl.formatMessage({ id: 'Gallery.form.searchPlaceholder' })}
            autoComplete="off"
            value={text}
            onChange={setText}
            helpText={
              tooShort || !text
                ? intl.formatMessage({ id: 'Gallery.form.minimumCharacters' }, { min: GALLERY_SEARCH_MIN_CHARS })
                : undefined
            }
            error={error}
            suffix={isFetching ? <Spinner size="small" /> : undefined}
            clearButton
            onClearButtonClick={() => setText('')}
          />
        }
      >
        {results ? (
          <div data-testid="look-search-results">
            {results.length === 0 ? (
              <Box padding="300">
                <Text as="p" tone="subdued">
                  {intl.formatMessage({ id: 'Gallery.form.noLooks' })}
                </Text>
              </Box>
            ) : (
              <Listbox accessibilityLabel={intl.formatMessage({ id: 'Gallery.form.look' })} onSelect={pick}>
                {results.map((look) => (
                  <Listbox.Option key={look.id} value={String(look.id)} accessibilityLabel={look.title}>
                    <Box padding="200">
                      <InlineStack gap="300" blockAlign="center" wrap={false}>
                        <ProductThumbnail image={look.imageUrl} size="small" />
                        <Text as="span">{look.title}</Text>
                      </InlineStack>
                    </Box>
                  </Listbox.Option>
                ))}
              </Listbox>
            )}
          </div>
        ) : null}
      </Combobox>
      {isError && enough && (
        <Text as="p" tone="critical">
          {intl.formatMessage({ id: 'Gallery.form.searchFailed' })}
        </Text>
      )}
    </BlockStack>
  );
}
