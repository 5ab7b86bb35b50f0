// Fixtures for the catalogue screens' component tests (never imported by the app).
import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { Media } from '@app/shared/media/media';
import type { Permission } from '@app/shared/platform/permissions';
import type { ProductDetail } from '@app/shared/products/products';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../auth/guest-api';

export const media = (id: number, over: Partial<Media> = {}): Media => ({
  id,
  originalName: `foto-${id}.jpg`,
  mime: 'image/jpeg',
  size: 120_000,
  width: 1600,
  height: 1200,
  thumbUrl: `/api/media/${id}/thumb`,
  largeUrl: `/api/media/${id}/large`,
  url: `/api/media/${id}/original`,
  createdAt: '2026-01-05T09:00:00.000Z',
  ...over,
});

/** A signed-in employee with these permissions, put straight into the query cache. */
export function signIn(qc: QueryClient, permissions: Permission[]): void {
  const user: CurrentUserResponse = {
    data: {
      id: 1,
      email: 'pm@outfitting.test',
      name: 'Petra Manders',
      locale: 'nl',
      first_login: false,
      guardable_type: 'employee',
      guardable: { id: 1, first_name: 'Petra', insertion: null, last_name: 'Manders', function: 'Projectleider' },
      acting_as: null,
    },
    permissions,
    role: { id: 2, slug: 'pm', name: 'Projectleiders', is_admin: false, dashboard_view: 'projects' },
  };
  qc.setQueryData(CURRENT_USER_KEY, user);
}

const emptyAttributes = { areas: [], categories: [], features: [], preferences: [], types: [], suppliers: [], materials: [] };

export const productDetail = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 7,
  slug: 'lounge-chair-nordic',
  version: 3,
  article: { id: 41, sku: 'STL-1042', name: 'Lounge chair Nordic oak', removedAt: null },
  parent: null,
  nameNl: 'Loungestoel Nordic',
  nameEn: 'Lounge chair Nordic',
  descriptionNl: 'Een ruime loungestoel van eiken.',
  descriptionEn: 'A roomy oak lounge chair.',
  published: false,
  publishedAt: null,
  gallery: [media(11), media(12)],
  carousel: [],
  tearsheet: null,
  headerImage: null,
  extendedImage: null,
  extendedVideoUrl: null,
  attributes: { ...emptyAttributes, categories: [{ id: 5, kind: 'categories', nameNl: 'Zitmeubelen', nameEn: 'Seating' }] },
  roboxMaterials: [{ id: 3, name: 'Eikenfineer MDF 18', code: 'EIK-MDF-18' }],
  downloads: [{ title: 'Productblad', link: 'https://www.example.com/downloads/nordic.pdf' }],
  related: [],
  featuredProject: null,
  updatedAt: '2026-01-05T09:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, canPublish: true, reasons: {} },
  ...over,
});
