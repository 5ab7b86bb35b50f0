import { localName } from '@app/shared/products/attributes';
import type { ProductOrder } from '@app/shared/products/products';
import { ActionIcon, Anchor, Badge, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowsSort, IconGripVertical } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { MoveButtons, SortableList } from '../../../components/SortableList';
import { EmptyState, ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { notify } from '../../../lib/notify';
import { useMoveProduct, useProductOrder } from '../api';
import { useAttributeOptions } from '../attributes-api';

type Item = ProductOrder['items'][number];

/**
 * product.order ('Producten sorteren'): the manual order of all products or of one category. Every
 * drop or button press is saved at once (optimistic); a failure puts the old order back.
 */
export function ProductOrderPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('category'));
  const categoryId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const options = useAttributeOptions();
  const order = useProductOrder(categoryId);
  const move = useMoveProduct(categoryId);
  // Moves with the buttons are announced here (dnd-kit announces its own drags).
  const [announcement, setAnnouncement] = useState('');

  const setScope = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (!value || value === 'all') next.delete('category');
        else next.set('category', value);
        return next;
      },
      { replace: true },
    );

  const handleMove = (items: readonly Item[], from: number, to: number) => {
    const item = items[from];
    if (!item || from === to) return;
    const name = localName(item, i18n.language);
    setAnnouncement(t('products.order.moved', { name, position: to + 1 }));
    move.mutate(
      { productId: item.id, from, toIndex: to },
      {
        onError: () => {
          notify.error(t('products.order.failed'));
          setAnnouncement(t('products.order.failedFor', { name }));
        },
      },
    );
  };

  const scopeData = [
    { value: 'all', label: t('products.order.allProducts') },
    ...(options.data?.categories ?? []).map((c) => ({ value: String(c.id), label: localName(c, i18n.language) })),
  ];

  return (
    <>
      <PageHeader title={t('products.order.title')} description={t('products.order.intro')} />
      <div className="visually-hidden" aria-live="polite" role="status" data-testid="order-announcement">
        {announcement}
      </div>
      <Stack gap="md">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('products.order.scope')}
            data={scopeData}
            value={categoryId === null ? 'all' : String(categoryId)}
            onChange={setScope}
            allowDeselect={false}
            searchable
            w={{ base: '100%', sm: 320 }}
          />
          <Text size="sm" c="dimmed" maw={560}>
            {t(categoryId === null ? 'products.order.scopeAllHint' : 'products.order.scopeCategoryHint')}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('products.order.keyboardHint')}
        </Text>
        {order.isLoading ? (
          <Stack gap="xs" aria-busy="true">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} h={62} radius="md" />
            ))}
          </Stack>
        ) : order.error || !order.data ? (
          <ErrorState error={order.error} onRetry={() => void order.refetch()} />
        ) : order.data.items.length === 0 ? (
          <EmptyState
            icon={<IconArrowsSort size={32} stroke={1.5} />}
            title={t(categoryId === null ? 'products.order.emptyTitle' : 'products.order.emptyCategoryTitle')}
            description={t(categoryId === null ? 'products.order.emptyText' : 'products.order.emptyCategoryText')}
          />
        ) : (
          <SortableList
            items={order.data.items}
            getId={(p) => p.id}
            getLabel={(p) => localName(p, i18n.language)}
            onMove={(from, to) => handleMove(order.data?.items ?? [], from, to)}
            renderItem={(p, ctx) => {
              const name = localName(p, i18n.language);
              return (
                <Paper withBorder p="xs" radius="md" shadow={ctx.isDragging ? 'md' : undefined} data-testid="order-row">
                  <Group gap="sm" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      style={{ cursor: 'grab', touchAction: 'none' }}
                      aria-label={t('common.sortable.handle', { item: name })}
                      {...ctx.handleProps}
                    >
                      <IconGripVertical size={18} />
                    </ActionIcon>
                    <Text w={28} ta="right" c="dimmed" size="sm" fw={600} aria-hidden style={{ flex: 'none' }}>
                      {ctx.index + 1}
                    </Text>
                    <Thumb src={p.thumbUrl} alt={name} width={48} height={48} />
                    <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                      <Anchor component={Link} to={`/products/${p.id}`} fw={500} lineClamp={2}>
                        {name}
                      </Anchor>
                      <Badge
                        variant="light"
                        color={p.published ? 'green' : 'gray'}
                        size="xs"
                        hiddenFrom="sm"
                        style={{ alignSelf: 'flex-start' }}
                      >
                        {t(p.published ? 'products.status.published' : 'products.status.draft')}
                      </Badge>
                    </Stack>
                    <Badge
                      variant="light"
                      color={p.published ? 'green' : 'gray'}
                      size="sm"
                      visibleFrom="sm"
                      style={{ flex: 'none' }}
                    >
                      {t(p.published ? 'products.status.published' : 'products.status.draft')}
                    </Badge>
                    <Group gap={2} wrap="nowrap">
                      <MoveButtons ctx={ctx} name={name} />
                    </Group>
                  </Group>
                </Paper>
              );
            }}
          />
        )}
      </Stack>
    </>
  );
}
