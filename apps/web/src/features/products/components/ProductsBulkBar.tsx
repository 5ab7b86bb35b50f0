import { localName, PRODUCT_ATTRIBUTE_KINDS } from '@app/shared/products/attributes';
import { productBulkPath } from '@app/shared/products/bulk';
import { isComplete } from '@app/shared/products/completeness.rules';
import type { ProductListItem } from '@app/shared/products/products';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconEye, IconEyeOff, IconTag, IconTagOff, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkActionItem, BulkBar } from '../../../components/bulk/BulkBar';
import type { Selection } from '../../../components/bulk/useSelection';
import { articleKeys } from '../../articles/api';
import { useCan } from '../../auth/api';
import { productKeys } from '../api';
import { useAttributeOptions } from '../attributes-api';

type AttributeMode = 'add' | 'remove';

interface Props {
  selection: Selection;
  /** The rows on the visible page (the publish question counts the incomplete ones among them). */
  rows: readonly ProductListItem[];
  total: number;
  /** The list's query as GET /api/products gets it. */
  query: Record<string, string | number | undefined | null>;
}

/**
 * The products list's bulk actions: publish and unpublish (for those who may publish; the
 * question names how many selected rows on this page are incomplete), add or remove an attribute
 * (picked in a modal), delete (asked first). The server runs each row through the single edit.
 */
export function ProductsBulkBar({ selection, rows, total, query }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const canPublish = useCan('inspiration-products.manage');
  const [asking, setAsking] = useState<{ mode: AttributeMode; count: number; resolve: (id: number | null) => void } | null>(null);

  const pickAttribute = (mode: AttributeMode) => (count: number) =>
    new Promise<Record<string, unknown> | null>((resolve) =>
      setAsking({ mode, count, resolve: (id) => resolve(id === null ? null : { attributeId: id }) }),
    );

  const incompleteOnPage = rows.filter((r) => selection.isSelected(r.id) && !isComplete(r.completeness)).length;

  const actions: BulkActionItem[] = [
    ...(canPublish
      ? [
          {
            key: 'publish',
            label: t('products.bulk.publish'),
            path: productBulkPath('publish'),
            icon: <IconEye size={16} aria-hidden />,
            confirm: {
              title: t('products.bulk.publishTitle'),
              message: (count: number) => (
                <>
                  {t('products.bulk.publishQuestion', { count })}
                  {incompleteOnPage > 0 ? (
                    <>
                      <br />
                      <br />
                      {t('products.bulk.publishIncomplete', { count: incompleteOnPage })}
                    </>
                  ) : null}
                </>
              ),
              confirmLabel: t('products.bulk.publish'),
            },
          },
          {
            key: 'unpublish',
            label: t('products.bulk.unpublish'),
            path: productBulkPath('unpublish'),
            icon: <IconEyeOff size={16} aria-hidden />,
          },
        ]
      : []),
    {
      key: 'add-attribute',
      label: t('products.bulk.addAttribute'),
      path: productBulkPath('add-attribute'),
      icon: <IconTag size={16} aria-hidden />,
      prepare: pickAttribute('add'),
    },
    {
      key: 'remove-attribute',
      label: t('products.bulk.removeAttribute'),
      path: productBulkPath('remove-attribute'),
      icon: <IconTagOff size={16} aria-hidden />,
      prepare: pickAttribute('remove'),
    },
    {
      key: 'delete',
      label: t('products.bulk.delete'),
      path: productBulkPath('delete'),
      icon: <IconTrash size={16} aria-hidden />,
      color: 'red',
      confirm: {
        title: t('products.bulk.deleteTitle'),
        message: (count) => t('products.bulk.deleteQuestion', { count }),
        confirmLabel: t('products.bulk.delete'),
        danger: true,
      },
    },
  ];

  return (
    <>
      <BulkBar
        selection={selection}
        total={total}
        pageIds={rows.map((r) => r.id)}
        query={query}
        actions={actions}
        onDone={() => {
          void qc.invalidateQueries({ queryKey: productKeys.all });
          // An article shows the product made from it (and loses a deleted one).
          void qc.invalidateQueries({ queryKey: articleKeys.all });
        }}
      />
      <AttributeModal
        asking={asking}
        onAnswer={(id) => {
          asking?.resolve(id);
          setAsking(null);
        }}
      />
    </>
  );
}

function AttributeModal({
  asking,
  onAnswer,
}: {
  asking: { mode: AttributeMode; count: number } | null;
  onAnswer: (id: number | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const options = useAttributeOptions();
  const [value, setValue] = useState<string | null>(null);
  const data = PRODUCT_ATTRIBUTE_KINDS.map((kind) => ({
    group: t(`attributes.kinds.${kind}`),
    items: (options.data?.[kind] ?? []).map((a) => ({ value: String(a.id), label: localName(a, i18n.language) })),
  })).filter((g) => g.items.length > 0);
  const answer = (id: number | null) => {
    setValue(null);
    onAnswer(id);
  };
  const mode = asking?.mode ?? 'add';

  return (
    <Modal
      opened={!!asking}
      onClose={() => answer(null)}
      title={t(mode === 'add' ? 'products.bulk.addAttributeTitle' : 'products.bulk.removeAttributeTitle')}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (value) answer(Number(value));
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {t(mode === 'add' ? 'products.bulk.addAttributeText' : 'products.bulk.removeAttributeText', {
              count: asking?.count ?? 0,
            })}
          </Text>
          <Select
            label={t('products.bulk.attribute')}
            placeholder={t('products.bulk.attributePlaceholder')}
            data={data}
            value={value}
            onChange={setValue}
            searchable
            required
            nothingFoundMessage={t('products.list.nothingFound')}
            disabled={options.isLoading}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => answer(null)}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" disabled={!value}>
              {t(mode === 'add' ? 'products.bulk.addAttribute' : 'products.bulk.removeAttribute')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
