import type { Media } from '@app/shared/media/media';
import { PRODUCT_ATTRIBUTE_KINDS, type ProductAttributeKind } from '@app/shared/products/attributes';
import { COMPLETENESS_ATTRIBUTE_KINDS, type Completeness, productCompleteness } from '@app/shared/products/completeness.rules';
import type { FeaturedProject, ProductDetail, ProductSave } from '@app/shared/products/products';

/** The editor's state: the saved product as the form holds it (images as objects, so they can be shown). */
export interface ProductFormValues {
  nameNl: string;
  nameEn: string;
  descriptionNl: string;
  descriptionEn: string;
  published: boolean;
  parentId: number | null;
  gallery: Media[];
  carousel: Media[];
  tearsheet: Media | null;
  headerImage: Media | null;
  extendedImage: Media | null;
  extendedVideoUrl: string;
  attributeIds: Record<ProductAttributeKind, number[]>;
  roboxMaterialIds: number[];
  downloads: { key: string; title: string; link: string }[];
  relatedIds: number[];
  featuredEnabled: boolean;
  featuredProject: FeaturedProject;
}

export const emptyFeatured: FeaturedProject = { header: '', subtitle: '', title: '', description: '', link: '' };

let nextKey = 0;
/** A key for a download row, stable while the row moves (never sent). */
export const rowKey = () => `row-${++nextKey}`;

export function toFormValues(p: ProductDetail): ProductFormValues {
  return {
    nameNl: p.nameNl,
    nameEn: p.nameEn,
    descriptionNl: p.descriptionNl,
    descriptionEn: p.descriptionEn,
    published: p.published,
    parentId: p.parent?.id ?? null,
    gallery: p.gallery,
    carousel: p.carousel,
    tearsheet: p.tearsheet,
    headerImage: p.headerImage,
    extendedImage: p.extendedImage,
    extendedVideoUrl: p.extendedVideoUrl ?? '',
    attributeIds: Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, (p.attributes[k] ?? []).map((a) => a.id)])) as Record<
      ProductAttributeKind,
      number[]
    >,
    roboxMaterialIds: p.roboxMaterials.map((m) => m.id),
    downloads: p.downloads.map((d, i) => ({ key: `saved-${i}`, title: d.title, link: d.link })),
    relatedIds: p.related.map((r) => r.id),
    featuredEnabled: p.featuredProject !== null,
    featuredProject: p.featuredProject ?? emptyFeatured,
  };
}

/** The whole editor state as PUT /api/products/:id takes it, with the version it was loaded at. */
export function toSave(v: ProductFormValues, version: number): ProductSave {
  return {
    version,
    nameNl: v.nameNl.trim(),
    nameEn: v.nameEn.trim(),
    descriptionNl: v.descriptionNl.trim(),
    descriptionEn: v.descriptionEn.trim(),
    published: v.published,
    parentId: v.parentId,
    galleryIds: v.gallery.map((m) => m.id),
    carouselIds: v.carousel.map((m) => m.id),
    tearsheetId: v.tearsheet?.id ?? null,
    headerImageId: v.headerImage?.id ?? null,
    extendedImageId: v.extendedImage?.id ?? null,
    extendedVideoUrl: v.extendedVideoUrl.trim() === '' ? null : v.extendedVideoUrl.trim(),
    attributeIds: Object.fromEntries(
      PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, [...v.attributeIds[k]]]),
    ) as ProductSave['attributeIds'],
    roboxMaterialIds: [...v.roboxMaterialIds],
    downloads: v.downloads.map((d) => ({ title: d.title.trim(), link: d.link.trim() })),
    relatedIds: [...v.relatedIds],
    featuredProject: v.featuredEnabled
      ? {
          header: v.featuredProject.header.trim(),
          subtitle: v.featuredProject.subtitle.trim(),
          title: v.featuredProject.title.trim(),
          description: v.featuredProject.description.trim(),
          link: v.featuredProject.link.trim(),
        }
      : null,
  };
}

/** Where the save's field names live in the form. */
export const saveFieldToForm: Record<string, string> = {
  galleryIds: 'gallery',
  carouselIds: 'carousel',
  tearsheetId: 'tearsheet',
  headerImageId: 'headerImage',
  extendedImageId: 'extendedImage',
};

/** Which section of the editor a form field is in (to point at the first problem). */
export function sectionOf(field: string): string {
  if (/^(gallery|carousel|tearsheet|headerImage|extendedImage|extendedVideoUrl)/.test(field)) return 'media';
  if (field.startsWith('attributeIds')) return 'attributes';
  if (field.startsWith('roboxMaterialIds')) return 'robox';
  if (field.startsWith('downloads')) return 'downloads';
  if (field.startsWith('relatedIds')) return 'related';
  if (field.startsWith('featuredProject')) return 'featured';
  return 'general';
}

/** What the public page would still lack if the editor's state were saved now (the products list's rule). */
export function formCompleteness(v: ProductFormValues): Completeness {
  return productCompleteness({
    nameNl: v.nameNl,
    nameEn: v.nameEn,
    descriptionNl: v.descriptionNl,
    descriptionEn: v.descriptionEn,
    images: v.gallery.length,
    attributes: COMPLETENESS_ATTRIBUTE_KINDS.reduce((n, k) => n + v.attributeIds[k].length, 0),
    downloads: v.downloads.length,
  });
}
