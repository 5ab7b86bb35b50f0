import type { PortalCompanyProductDetail } from '@app/shared/portal/portal-products';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconFiles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { TrailLink } from '../../../components/TrailLink';
import { formatDate } from '../../../lib/dates';
import { FileDownloadButton } from '../components/products/FileDownloadButton';
import classes from '../components/products/products.module.css';
import { DetailCard, DetailSkeleton, Facts } from '../components/projects/Detail';
import { usePortalCompanyProduct } from '../products-api';

/** product-files.show: one of the company's products: its images, description, the company's reference and notes, and its files. */
export function PortalCompanyProductPage() {
  const id = Number(useParams().companyProductId);
  const q = usePortalCompanyProduct(id);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <ProductView product={q.data} />;
}

/** The description as plain paragraphs (staff write plain text; blank lines part paragraphs). */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

function Gallery({ product }: { product: PortalCompanyProductDetail }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const images = product.images;
  const current = images[shown] ?? images[0];
  if (!current) {
    return <Thumb src={null} alt="" width={320} height={240} radius={8} />;
  }
  return (
    <Stack gap="sm">
      <img
        src={current.largeUrl}
        alt={t('portalProducts.product.imageAlt', { name: product.product.name, n: shown + 1, count: images.length })}
        className={classes.mainImage}
        decoding="async"
      />
      {images.length > 1 ? (
        <Group gap="xs" wrap="wrap" role="group" aria-label={t('portalProducts.product.images')}>
          {images.map((img, i) => (
            <button
              key={img.id}
              type="button"
              className={classes.thumbButton}
              aria-pressed={i === shown}
              aria-label={t('portalProducts.product.showImage', { n: i + 1 })}
              onClick={() => setShown(i)}
            >
              <Thumb src={img.thumbUrl} alt="" width={64} height={48} />
            </button>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function ProductView({ product }: { product: PortalCompanyProductDetail }) {
  const { t } = useTranslation();
  const text = paragraphs(product.product.description);
  return (
    <>
      <PageHeader
        title={product.product.name}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <span>{product.typeName ?? t('portalProducts.unknownType')}</span>
            {product.product.code ? (
              <>
                <span aria-hidden>·</span>
                <span>{product.product.code}</span>
              </>
            ) : null}
          </Group>
        }
        actions={
          <Button component={Link} to="/product-files" variant="default" leftSection={<IconArrowUp size={16} />}>
            {t('portalProducts.product.back')}
          </Button>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Gallery product={product} />
          <div>
            <DetailCard title={t('portalProducts.product.yours')}>
              <Facts
                items={[
                  { label: t('portalProducts.fields.reference'), value: product.reference },
                  ...(product.notes ? [{ label: t('portalProducts.fields.notes'), value: product.notes }] : []),
                  {
                    label: t('portalProducts.product.project'),
                    value: product.project ? (
                      <TrailLink to={`/project/${product.project.id}`}>{product.project.name}</TrailLink>
                    ) : (
                      t('portalProducts.card.noProject')
                    ),
                  },
                  ...(product.project && product.orderLineId !== null
                    ? [
                        {
                          label: t('portalProducts.product.orderLine'),
                          value: (
                            <Anchor
                              component={Link}
                              to={`/company-products/${product.project.id}/${product.orderLineId}`}
                              inherit
                            >
                              {t('portalProducts.product.openOrderLine')}
                            </Anchor>
                          ),
                        },
                      ]
                    : []),
                ]}
              />
            </DetailCard>
          </div>
        </SimpleGrid>
        <DetailCard title={t('portalProducts.product.description')}>
          {text.length ? (
            <Stack gap="xs" data-testid="product-description">
              {text.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
                <Text key={i} size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {p}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('portalProducts.product.noDescription')}
            </Text>
          )}
        </DetailCard>
        <DetailCard title={t('portalProducts.product.files', { count: product.files.length })}>
          {product.files.length === 0 ? (
            <EmptyState
              icon={<IconFiles size={32} stroke={1.5} />}
              title={t('portalProducts.product.noFilesTitle')}
              description={t('portalProducts.product.noFilesText')}
            />
          ) : (
            <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
              {product.files.map((f) => (
                <Group component="li" key={f.key} justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} miw={0}>
                    <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                      {f.fileName}
                    </Text>
                    <Group gap="xs">
                      <Badge variant="light" color={f.kind === 'tearsheet' ? 'blue' : 'gray'} size="sm">
                        {t(`portalProducts.files.kind.${f.kind}`)}
                      </Badge>
                      {f.uploadedBy || f.date ? (
                        <Text size="xs" c="dimmed">
                          {[f.uploadedBy, f.date ? formatDate(f.date) : null].filter(Boolean).join(' · ')}
                        </Text>
                      ) : null}
                    </Group>
                  </Stack>
                  <FileDownloadButton file={f} />
                </Group>
              ))}
            </Stack>
          )}
        </DetailCard>
      </Stack>
    </>
  );
}
