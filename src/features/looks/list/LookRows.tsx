import { memo } from 'react';
import { Badge, BlockStack, Box, Button, ButtonGroup, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { DeleteIcon, EditIcon, ExternalIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { splitTags, TITLE_TRUNCATE, truncate, type LookListItem } from '../../../contracts/looks';
import { LookStatusToggle } from './LookStatusToggle';
import { ProductThumbnail } from '../../../components/ProductThumbnail';

interface RowProps {
  look: LookListItem;
  index: number;
  onDelete(look: LookListItem): void;
}

const useT = () => {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
};

/** View live (active looks), activate / set to draft, edit, delete. */
function LookActions({ look, onDelete }: Omit<RowProps, 'index'>) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <ButtonGroup>
      {look.active && look.storeFrontUrl && (
        <Button
          icon={ExternalIcon}
          variant="tertiary"
          accessibilityLabel={t('Looks.actions.viewLiveLabel', { title: look.title })}
          onClick={() => window.open(look.storeFrontUrl!, '_blank', 'noopener,noreferrer')}
        >
          {t('Looks.actions.viewLive')}
        </Button>
      )}
      <LookStatusToggle look={look} />
      <Button
        icon={EditIcon}
        variant="tertiary"
        accessibilityLabel={t('Looks.actions.editLabel', { title: look.title })}
        onClick={() => navigate(`/looks/edit/${look.id}`)}
      >
        {t('Looks.actions.edit')}
      </Button>
      <Button
        icon={DeleteIcon}
        variant="tertiary"
        tone="critical"
        accessibilityLabel={t('Looks.actions.deleteLabel', { title: look.title })}
        onClick={() => onDelete(look)}
      >
        {t('Looks.actions.delete')}
      </Button>
    </ButtonGroup>
  );
}

function StatusBadges({ look }: { look: LookListItem }) {
  const t = useT();
  return (
    <InlineStack gap="100" wrap={false}>
      <Badge tone={look.active ? 'success' : undefined}>
        {t(look.active ? 'Looks.status.active' : 'Looks.status.draft')}
      </Badge>
      {look.productDeleted && <Badge tone="critical">{t('Looks.productDeleted.badge')}</Badge>}
      {!!look.soldOutItems && <Badge tone="attention">{t('Looks.list.soldOut', { count: look.soldOutItems })}</Badge>}
    </InlineStack>
  );
}

function Tags({ look }: { look: LookListItem }) {
  return (
    <InlineStack gap="100">
      {splitTags(look.tags).map((tag) => (
        <Badge key={tag} tone="info">
          {tag}
        </Badge>
      ))}
    </InlineStack>
  );
}

const thumbnail = (look: LookListItem) => <ProductThumbnail image={look.image} size="small" />;

/**
 * One look as a table row: image, title, status, tags, actions. memo: a look's change (its status
 * toggled, updated at once in the cached page) renders its own row, not every row of the page.
 */
export const LookRow = memo(function LookRow({ look, index, onDelete }: RowProps) {
  return (
    <IndexTable.Row id={String(look.id)} position={index}>
      <IndexTable.Cell>{thumbnail(look)}</IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold" truncate>
          {truncate(look.title, TITLE_TRUNCATE)}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <StatusBadges look={look} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Tags look={look} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack align="end">
          <LookActions look={look} onDelete={onDelete} />
        </InlineStack>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
});

/** Small screens (IndexTable's condensed mode): one stacked entry per look, its actions below (memo: as LookRow). */
export const LookCompactRow = memo(function LookCompactRow({ look, index, onDelete }: RowProps) {
  return (
    <IndexTable.Row id={String(look.id)} position={index}>
      <Box padding="300" paddingInline="400" width="100%">
        <InlineStack gap="300" blockAlign="start" wrap={false}>
          {thumbnail(look)}
          <Box minWidth="0" width="100%">
            <BlockStack gap="200">
              <Text as="span" fontWeight="semibold" breakWord>
                {truncate(look.title, TITLE_TRUNCATE)}
              </Text>
              <InlineStack gap="100" blockAlign="center">
                <StatusBadges look={look} />
                <Tags look={look} />
              </InlineStack>
              <LookActions look={look} onDelete={onDelete} />
            </BlockStack>
          </Box>
        </InlineStack>
      </Box>
    </IndexTable.Row>
  );
});
