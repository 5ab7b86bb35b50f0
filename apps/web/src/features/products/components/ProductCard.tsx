import type { PublicProductCard } from '@app/shared/products/products';
import { Skeleton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localName } from '../public-catalogue';
import classes from './catalogue.module.css';

/** The path of a product's page in the public catalogue (the same in every route set). */
export const productPath = (id: number) => `/public/products/${id}`;

/**
 * One product: its image in a 4:3 box that is sized before the image arrives, and its name in the
 * current language. `eager` for the cards of the first row (above the fold), lazy below.
 */
export function ProductCard({ product, eager = false }: { product: PublicProductCard; eager?: boolean }) {
  const { i18n } = useTranslation();
  const name = localName(product, i18n.language);
  return (
    <Link to={productPath(product.id)} className={classes.card} data-testid="product-card">
      <div className={classes.media}>
        {product.thumbUrl ? (
          <img
            src={product.thumbUrl}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={eager ? 'high' : 'auto'}
          />
        ) : (
          <span className={classes.placeholder} aria-hidden>
            <IconPhoto size={40} stroke={1.25} />
          </span>
        )}
      </div>
      <div className={classes.cardBody}>
        <span className={classes.cardName}>{name}</span>
      </div>
    </Link>
  );
}

/** The shape of a card while the page loads: the same boxes, so nothing moves when it arrives. */
export function ProductCardSkeleton() {
  return (
    <div className={classes.card} aria-hidden data-testid="product-card-skeleton">
      <Skeleton className={classes.media} radius={0} />
      <div className={classes.cardBody}>
        <Skeleton height={12} width="75%" my={4} />
        <Skeleton height={12} width="45%" my={4} />
      </div>
    </div>
  );
}
