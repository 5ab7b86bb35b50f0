import { ATTRIBUTE_KINDS, type AttributeKind } from '@app/shared/products/attributes';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBox,
  IconBuildingStore,
  IconCategory,
  IconHeart,
  IconLayoutGrid,
  IconMapPin,
  IconSparkles,
  IconTexture,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useAttributeOverview } from '../attributes-api';

export const kindIcons: Record<AttributeKind, ReactNode> = {
  areas: <IconMapPin />,
  categories: <IconCategory />,
  features: <IconSparkles />,
  preferences: <IconHeart />,
  types: <IconBox />,
  'type-groups': <IconLayoutGrid />,
  suppliers: <IconBuildingStore />,
  materials: <IconTexture />,
};

/** product.attributes ('Attributen'): one card per attribute archive, with how many values it holds. */
export function AttributesPage() {
  const { t } = useTranslation();
  const overview = useAttributeOverview();
  return (
    <>
      <PageHeader title={t('attributes.title')} description={t('attributes.intro')} />
      {overview.error ? (
        <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
          {ATTRIBUTE_KINDS.map((kind) => (
            <Card key={kind} component={Link} to={`/attributes/${kind}`} withBorder padding="lg" shadow="xs">
              <Group wrap="nowrap" align="flex-start">
                <ThemeIcon size={42} variant="light" radius="md">
                  {kindIcons[kind]}
                </ThemeIcon>
                <Stack gap={2}>
                  <Text fw={600}>{t(`attributes.kinds.${kind}`)}</Text>
                  {overview.isLoading ? (
                    <Skeleton h={14} w={80} mt={4} />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('attributes.count', { count: overview.data?.[kind] ?? 0 })}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {t(`attributes.kindHints.${kind}`)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
