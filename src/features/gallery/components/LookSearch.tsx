import { useEffect, useState } from 'react';
import { BlockStack, Box, Listbox, Spinner, Text, TextField, InlineStack } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { GALLERY_DROPDOWN_MAX_HEIGHT, GALLERY_SEARCH_DEBOUNCE_MS, GALLERY_SEARCH_MIN_CHARS } from '../../../contracts/gallery';
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
 * dropdown at most 200 px high.
 */
export function LookSearch({ onSelect, error }: { onSelect(look: GalleryLook): void; error?: string }) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const query = useDebounced(text.trim(), GALLERY_SEARCH_DEBOUNCE_MS);
  const enough = query.length >= GALLERY_SEARCH_MIN_CHARS;
  const { data, isFetching, isError } = useGalleryLookSearch(query, !enough);
  const tooShort = text.trim().length > 0 && text.trim().length < GALLERY_SEARCH_MIN_CHARS;

  return (
    <BlockStack gap="100">
      <TextField
        label={intl.formatMessage({ id: 'Gallery.form.look' })}
        placeholder={intl.formatMessage({ id: 'Gallery.form.searchPlaceholder' })}
        autoComplete="off"
        value={text}
        onChange={(v) => {
          setText(v);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        helpText={tooShort || !text ? intl.formatMessage({ id: 'Gallery.form.minimumCharacters' }, { min: GALLERY_SEARCH_MIN_CHARS }) : undefined}
        error={error}
        suffix={isFetching ? <Spinner size="small" /> : undefined}
        clearButton
        onClearButtonClick={() => setText('')}
      />
      {open && enough && !isFetching && data && (
        <Box borderWidth="025" borderColor="border" borderRadius="200" background="bg-surface">
          <div style={{ maxHeight: GALLERY_DROPDOWN_MAX_HEIGHT, overflowY: 'auto' }} data-testid="look-search-results">
            {data.length === 0 ? (
              <Box padding="300">
                <Text as="p" tone="subdued">
                  {intl.formatMessage({ id: 'Gallery.form.noLooks' })}
                </Text>
              </Box>
            ) : (
              <Listbox
                accessibilityLabel={intl.formatMessage({ id: 'Gallery.form.look' })}
                onSelect={(value) => {
                  const look = data.find((l) => String(l.id) === value);
                  if (look) {
                    onSelect(look);
                    setOpen(false);
                    setText('');
                  }
                }}
              >
                {data.map((look) => (
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
        </Box>
      )}
      {isError && enough && (
        <Text as="p" tone="critical">
          {intl.formatMessage({ id: 'Gallery.form.searchFailed' })}
        </Text>
      )}
    </BlockStack>
  );
}
