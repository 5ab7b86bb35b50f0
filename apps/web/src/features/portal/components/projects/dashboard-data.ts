import type { PortalCompanyProduct } from '@app/shared/companies/company-products';

/** A company product that stands on an order line: the dashboard's "Orders" block lists these. */
export interface OrderedProduct extends PortalCompanyProduct {
  orderLineId: number;
  project: { id: number; name: string };
}

const isOrdered = (p: PortalCompanyProduct): p is OrderedProduct => p.orderLineId !== null && p.project !== null;

/**
 * The latest order lines among the company's products: those with an order line (and so a
 * project), the newest order line first (ids grow with time), at most `limit`.
 */
export function latestOrders(products: readonly PortalCompanyProduct[], limit: number): OrderedProduct[] {
  return products
    .filter(isOrdered)
    .sort((a, b) => b.orderLineId - a.orderLineId)
    .slice(0, limit);
}

/** Where a company product opens: its order line's page when it has one, else its product page. */
export function companyProductPath(p: PortalCompanyProduct): string {
  return p.orderLineId !== null && p.project ? `/company-products/${p.project.id}/${p.orderLineId}` : `/product-files/${p.id}`;
}
