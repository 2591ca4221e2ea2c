import { useState, type KeyboardEvent } from 'react';
import { BlockStack, Button, InlineStack, Tag, TextField } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { addTag, removeTag, splitTags } from '../../../contracts/looks';

export interface TagsInputProps {
  /** Comma-separated tags. */
  value: string;
  onChange(value: string): void;
  error?: string;
}

/** Tags: added by the Add button or Enter; trimmed, non-empty, no duplicates; removable. */
export function TagsInput({ value, onChange, error }: TagsInputProps) {
  const intl = useIntl();
  const [text, setText] = useState('');
  const [duplicate, setDuplicate] = useState(false);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);

  const commit = () => {
    if (!text.trim()) return;
    const next = addTag(value, text);
    if (next === value) {
      setDuplicate(true);
      return;
    }
    onChange(next);
    setText('');
    setDuplicate(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  const tags = splitTags(value);
  return (
    <BlockStack gap="200">
      <div onKeyDown={onKeyDown}>
        <TextField
          label={t('Looks.tags.label')}
          placeholder={t('Looks.tags.placeholder')}
          value={text}
          onChange={(next) => {
            setText(next);
            setDuplicate(false);
          }}
          autoComplete="off"
          maxLength={100}
          error={duplicate ? t('Looks.tags.duplicate') : error}
          connectedRight={
            <Button onClick={commit} disabled={!text.trim()}>
              {t('Looks.tags.add')}
            </Button>
          }
        />
      </div>
      {tags.length > 0 && (
        <InlineStack gap="200">
          {tags.map((tag) => (
            <Tag key={tag} onRemove={() => onChange(removeTag(value, tag))}>
              {tag}
            </Tag>
          ))}
        </InlineStack>
      )}
    </BlockStack>
  );
}
