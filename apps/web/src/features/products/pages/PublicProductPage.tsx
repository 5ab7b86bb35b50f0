import type { PublicFilter, PublicProduct } from '@app/shared/products/products';
import { Anchor, Badge, Button, Center, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconExternalLink, IconPlayerPlay, IconSearchOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/States';
import { isApiError } from '../../../lib/api';
import classes from '../components/detail.module.css';
import { Gallery, type GalleryImage } from '../components/Gallery';
import { ProductCard, productPath } from '../components/ProductCard';
import { usePublicProduct } from '../public-api';
import { FILTER_KINDS, localDescription, localName, paragraphs, productIdFrom, safeHref } from '../public-catalogue';

const CATALOGUE = '/public/products';

/** The gallery's images: the gallery, then carousel images it does not already hold. */
function galleryImages(p: PublicProduct): GalleryImage[] {
  const seen = new Set<string>();
  return [...p.gallery, ...p.carousel].filter((img) => !seen.has(img.largeUrl) && seen.add(img.largeUrl));
}

/**
 * The document title and the last breadcrumb: the product's name in the language on screen (or
 * 'Product niet gevonden'). The layout resolves slug titles through GET /api/breadcrumbs/slugs;
 * this page already holds the name, so it hands it to that cache entry (the layout then sets the
 * document title from it) instead of showing '…' until the server answers.
 */
function usePageTitle(routeParam: string | undefined, title: string | null) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (title === null) return;
    if (routeParam) {
      const key = ['breadcrumbs', { productId: routeParam }];
      void queryClient.cancelQueries({ queryKey: key, exact: true });
      queryClient.setQueryData(key, { data: { slugs: { productId: title } } });
    }
    document.title = `${title} · ${t('common.appName')}`;
  }, [title, routeParam, queryClient, t]);
}

/** /public/products/:productId — one published product; anything else is 'Product niet gevonden'. */
export function PublicProductPage() {
  const { t, i18n } = useTranslation();
  const { productId } = useParams();
  const id = productIdFrom(productId);
  const q = usePublicProduct(id);
  const product = q.data;
  const notFound = id === null || (q.isError && isApiError(q.error) && q.error.status === 404);
  usePageTitle(productId, notFound ? t('public.notFound.title') : product ? localName(product, i18n.language) : null);

  if (notFound) return <ProductNotFound />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!product) return <DetailSkeleton />;
  return <ProductDetail product={product} />;
}

function ProductDetail({ product }: { product: PublicProduct }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = localName(product, lang);
  const images = galleryImages(product);
  const description = paragraphs(localDescription(product, lang));
  const groups = FILTER_KINDS.filter((k) => product.attributes[k].length > 0);
  const downloads = product.downloads.flatMap((d) => {
    const href = safeHref(d.link);
    return href ? [{ title: d.title, href }] : [];
  });
  const video =
    product.extendedVideoUrl && /^https:\/\//i.test(product.extendedVideoUrl) ? safeHref(product.extendedVideoUrl) : null;
  const featured = product.featuredProject;
  const featuredLink = safeHref(featured?.link);
  const hasFeatured = featured && (featured.title || featured.header || featured.description);

  return (
    <article>
      {product.headerImage ? (
        <div className={classes.banner}>
          <img
            src={product.headerImage.largeUrl}
            srcSet={`${product.headerImage.thumbUrl} 400w, ${product.headerImage.largeUrl} 1600w`}
            sizes="100vw"
            width={product.headerImage.width ?? 1600}
            height={product.headerImage.height ?? 500}
            alt=""
            decoding="async"
          />
        </div>
      ) : null}
      <div className={images.length > 0 ? classes.detail : undefined}>
        {images.length > 0 ? <Gallery images={images} name={name} /> : null}
        <Stack gap="lg">
          <Stack gap={6}>
            {product.parents.length > 0 ? (
              <Text size="sm" c="dimmed" data-testid="product-parents">
                {t('public.product.partOf')}{' '}
                {product.parents.map((p, i) => (
                  <Fragment key={p.id}>
                    {i > 0 ? ', ' : null}
                    <Anchor component={Link} to={productPath(p.id)} size="sm">
                      {localName(p, lang)}
                    </Anchor>
                  </Fragment>
                ))}
              </Text>
            ) : null}
            <Title order={1} fz={{ base: 26, sm: 32 }} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
          </Stack>

          {description.length > 0 ? (
            <div className={classes.description} data-testid="product-description">
              {description.map((p, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
                <p key={i}>{p}</p>
              ))}
            </div>
          ) : null}

          {groups.length > 0 ? (
            <Stack gap="sm">
              {groups.map((kind) => (
                <AttributeGroup key={kind} kind={kind} product={product} />
              ))}
            </Stack>
          ) : null}

          {downloads.length > 0 || product.tearsheet ? (
            <Stack gap={4}>
              <Title order={2} fz="md">
                {t('public.product.downloads')}
              </Title>
              <ul className={classes.downloads}>
                {product.tearsheet ? (
                  <li>
                    <Anchor href={product.tearsheet.largeUrl} target="_blank" rel="noopener noreferrer" size="sm">
                      <IconDownload size={16} aria-hidden />
                      {t('public.product.tearsheet')}
                    </Anchor>
                  </li>
                ) : null}
                {downloads.map((d) => (
                  <li key={`${d.title}-${d.href}`}>
                    <Anchor href={d.href} target="_blank" rel="noopener noreferrer" size="sm">
                      <IconExternalLink size={16} aria-hidden />
                      {d.title}
                    </Anchor>
                  </li>
                ))}
              </ul>
            </Stack>
          ) : null}

          {video ? (
            <Button
              component="a"
              href={video}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconPlayerPlay size={18} />}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('public.product.watchVideo')}
            </Button>
          ) : null}
        </Stack>
      </div>

      {product.extendedImage ? (
        <div className={classes.extended} style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
          <img
            src={product.extendedImage.largeUrl}
            srcSet={`${product.extendedImage.thumbUrl} 400w, ${product.extendedImage.largeUrl} 1600w`}
            sizes="100vw"
            width={product.extendedImage.width ?? 1600}
            height={product.extendedImage.height ?? 900}
            alt=""
            loading="lazy"
            decoding="async"
          />
        </div>
      ) : null}

      {featured && hasFeatured ? (
        <section
          className={classes.featured}
          style={{ marginTop: 'var(--mantine-spacing-xl)' }}
          aria-labelledby="featured-project"
        >
          <Stack gap={6}>
            {featured.header ? (
              <Text size="xs" tt="uppercase" fw={700} c="gold.8" style={{ letterSpacing: 0.6 }}>
                {featured.header}
              </Text>
            ) : null}
            <Title order={2} fz={{ base: 20, sm: 24 }} id="featured-project">
              {featured.title || t('public.product.featuredProject')}
            </Title>
            {featured.subtitle ? (
              <Text c="dimmed" fw={500}>
                {featured.subtitle}
              </Text>
            ) : null}
            {featured.description ? (
              <div className={classes.description}>
                {paragraphs(featured.description).map((p, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one text, in order
                  <p key={i}>{p}</p>
                ))}
              </div>
            ) : null}
            {featuredLink ? (
              <Anchor href={featuredLink} target="_blank" rel="noopener noreferrer" fw={600}>
                {t('public.product.viewProject')} <IconExternalLink size={14} aria-hidden style={{ verticalAlign: -2 }} />
              </Anchor>
            ) : null}
          </Stack>
        </section>
      ) : null}

      {product.related.length > 0 ? (
        <section style={{ marginTop: 'var(--mantine-spacing-xl)' }} aria-labelledby="related-products">
          <Title order={2} fz={{ base: 20, sm: 22 }} mb="md" id="related-products">
            {t('public.product.related')}
          </Title>
          <ul className={classes.row} data-testid="related-products">
            {product.related.map((r) => (
              <li key={r.id}>
                <ProductCard product={r} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <Button component={Link} to={CATALOGUE} variant="subtle" leftSection={<IconArrowLeft size={16} />} mt="xl" px={0}>
        {t('public.product.backToCatalogue')}
      </Button>
    </article>
  );
}

/** One attribute group as chips that open the catalogue filtered on that value. */
function AttributeGroup({ kind, product }: { kind: PublicFilter; product: PublicProduct }) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4} style={{ letterSpacing: 0.5 }}>
        {t(`public.filters.${kind}`)}
      </Text>
      <Group gap={6}>
        {product.attributes[kind].map((a) => (
          <Badge
            key={a.id}
            component={Link}
            to={`${CATALOGUE}?${kind}=${a.id}`}
            variant="light"
            size="lg"
            radius="xl"
            tt="none"
            fw={500}
            style={{ cursor: 'pointer' }}
          >
            {localName(a, i18n.language)}
          </Badge>
        ))}
      </Group>
    </div>
  );
}

function DetailSkeleton() {
  return (
    // A screen high: the footer stays below the fold until the product arrives (no layout shift).
    <div className={classes.detail} aria-busy="true" data-testid="product-skeleton" style={{ minHeight: '100vh' }}>
      <Skeleton style={{ aspectRatio: '4 / 3' }} radius="md" />
      <Stack gap="sm">
        <Skeleton height={32} width="70%" />
        <Skeleton height={12} />
        <Skeleton height={12} />
        <Skeleton height={12} width="85%" />
        <Group gap={6} mt="sm">
          <Skeleton height={26} width={80} radius="xl" />
          <Skeleton height={26} width={110} radius="xl" />
        </Group>
      </Stack>
    </div>
  );
}

/** The specification's 'Product not found', with the way back to the catalogue. */
function ProductNotFound() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Stack align="center" ta="center" maw={460}>
        <IconSearchOff size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={28}>
          {t('public.notFound.title')}
        </Title>
        <Text c="dimmed">{t('public.notFound.text')}</Text>
        <Button component={Link} to={CATALOGUE}>
          {t('public.notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
