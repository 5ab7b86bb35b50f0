import type { PortalCompanyProduct } from '@app/shared/companies/company-products';
import { Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Thumb } from '../../../../components/Thumb';
import { productPath } from './product-filters';
import classes from './products.module.css';

/** One product of the company: picture, name, code, the company's reference and project; opens its order line or page. */
export function ProductCard({ product }: { product: PortalCompanyProduct }) {
  const { t } = useTranslation();
  return (
    <Card
      component={Link}
      to={productPath(product)}
      withBorder
      radius="md"
      padding="sm"
      className={classes.card}
      data-testid="product-card"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Thumb src={product.product.thumbUrl} alt="" width={72} height={72} />
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm" className={classes.name}>
            {product.product.name}
          </Text>
          {product.product.code ? (
            <Text size="xs" c="dimmed" className={classes.wrap}>
              {t('portalProducts.card.code', { code: product.product.code })}
            </Text>
          ) : null}
          {product.reference ? (
            <Text size="xs" className={classes.wrap}>
              {t('portalProducts.card.reference', { reference: product.reference })}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed" className={classes.wrap}>
            {product.project ? product.project.name : t('portalProducts.card.noProject')}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** A card's shape while the products load. */
export function ProductCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="sm" aria-hidden>
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Skeleton w={72} h={72} radius={6} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton h={14} w="70%" />
          <Skeleton h={10} w="40%" />
          <Skeleton h={10} w="55%" />
        </Stack>
      </Group>
    </Card>
  );
}
