import type { AttributeKind } from '@app/shared/products/attributes';
import type { Download, FeaturedProject } from '@app/shared/products/products';
import { slugify } from '@app/shared/products/products';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  articles,
  attributes,
  media,
  productAttributes,
  productCategoryOrder,
  productMedia,
  productRelations,
  productRoboxMaterials,
  products,
  roboxMaterialCategories,
  roboxMaterials,
} from '../db/schema';
import { processImage } from '../platform/images';
import type { FileStorage } from '../platform/storage';
import { type RenderKind, type RenderSpec, type RenderView, renderProductImage } from './images';

/**
 * The demo catalogue: the attribute archives an outfitter of cruise ships and hotels works with,
 * Robox board materials, and about forty enriched, published products with generated renders,
 * a manual order and per-category orders. Loaded once into an empty catalogue.
 */

type Names = [nl: string, en: string];

const AREAS: Names[] = [
  ['Hutten', 'Cabins'],
  ['Suites', 'Suites'],
  ['Restaurant', 'Restaurant'],
  ['Lobby & atrium', 'Lobby & atrium'],
  ['Bar & lounge', 'Bar & lounge'],
  ['Spa', 'Spa'],
  ['Theater', 'Theatre'],
  ['Zwembaddek', 'Pool deck'],
  ['Kinderclub', 'Kids club'],
  ['Hotelkamers', 'Hotel rooms'],
];

const CATEGORIES: Names[] = [
  ['Zitmeubelen', 'Seating'],
  ['Tafels', 'Tables'],
  ['Verlichting', 'Lighting'],
  ['Kasten & casegoods', 'Casegoods & storage'],
  ['Bedden & hoofdborden', 'Beds & headboards'],
  ['Wandafwerking', 'Wall finishes'],
  ['Vloeren', 'Flooring'],
  ['Textiel', 'Textiles'],
  ['Beslag', 'Hardware'],
];

const FEATURES: Names[] = [
  ['IMO FTP-gecertificeerd', 'IMO FTP certified'],
  ['Brandvertragend', 'Fire retardant'],
  ['Maatwerk', 'Made to measure'],
  ['Stapelbaar', 'Stackable'],
  ['Geluidsabsorberend', 'Sound absorbing'],
  ['Vochtbestendig', 'Moisture resistant'],
  ['Buitengeschikt', 'Outdoor'],
  ['Dimbaar', 'Dimmable'],
  ['Onderhoudsvriendelijk', 'Easy care'],
];

const PREFERENCES: Names[] = [
  ['Scandinavisch', 'Scandinavian'],
  ['Art deco', 'Art deco'],
  ['Modern klassiek', 'Modern classic'],
  ['Industrieel', 'Industrial'],
  ['Nautisch', 'Nautical'],
  ['Japandi', 'Japandi'],
];

const TYPE_GROUPS: { names: Names; types: Names[] }[] = [
  {
    names: ['Meubilair', 'Furniture'],
    types: [
      ['Stoel', 'Chair'],
      ['Fauteuil', 'Armchair'],
      ['Bank', 'Sofa'],
      ['Kruk', 'Stool'],
      ['Tafel', 'Table'],
      ['Kast', 'Cabinet'],
      ['Bed', 'Bed'],
      ['Balie', 'Counter'],
    ],
  },
  {
    names: ['Afbouw', 'Interior finishing'],
    types: [
      ['Wandpaneel', 'Wall panel'],
      ['Plafondsysteem', 'Ceiling system'],
      ['Vloerafwerking', 'Floor finish'],
      ['Meubelbeslag', 'Furniture hardware'],
    ],
  },
  {
    names: ['Verlichting', 'Lighting'],
    types: [
      ['Hanglamp', 'Pendant'],
      ['Staande lamp', 'Floor lamp'],
      ['Tafellamp', 'Table lamp'],
      ['Wandlamp', 'Wall light'],
    ],
  },
  {
    names: ['Stoffering', 'Soft furnishings'],
    types: [
      ['Tapijt', 'Carpet'],
      ['Meubelstof', 'Upholstery fabric'],
      ['Gordijnstof', 'Curtain fabric'],
    ],
  },
];

const SUPPLIERS: Names[] = [
  ['Houtindustrie De Eik', 'Houtindustrie De Eik'],
  ['Nordhavn Upholstery', 'Nordhavn Upholstery'],
  ['Luminaria Verona', 'Luminaria Verona'],
  ['Brabantse Tapijtweverij', 'Brabantse Tapijtweverij'],
  ['Marmi Apuane', 'Marmi Apuane'],
  ['Decorpanel Europe', 'Decorpanel Europe'],
  ['Messing & Co Beslag', 'Messing & Co Hardware'],
  ['Teakhouse Marine', 'Teakhouse Marine'],
];

const MATERIALS: Names[] = [
  ['Eikenfineer', 'Oak veneer'],
  ['Notenfineer', 'Walnut veneer'],
  ['HPL', 'HPL'],
  ['Messing', 'Brass'],
  ['Leer', 'Leather'],
  ['Marmer', 'Marble'],
  ['Wol', 'Wool'],
  ['Glas', 'Glass'],
  ['RVS', 'Stainless steel'],
  ['Velours', 'Velvet'],
  ['Linnen', 'Linen'],
  ['Teak', 'Teak'],
  ['Gepoedercoat staal', 'Powder-coated steel'],
  ['Bouclé', 'Bouclé'],
];

const ROBOX_CATEGORIES: { name: string; description: string }[] = [
  { name: 'Plaatmateriaal', description: 'MDF, spaanplaat en multiplex voor kasten, balies en ondergronden.' },
  { name: 'Fineer', description: 'Fineerplaten op MDF of multiplex, rift en dosse gesneden.' },
  { name: 'HPL & compact', description: 'Hogedruklaminaat en compactplaat voor zwaarbelaste en natte ruimtes.' },
  { name: 'Kantenband', description: 'ABS- en fineerkanten, afgestemd op de plaatdecors.' },
  { name: 'Massief hout', description: 'Massieve delen voor randen, regels en plinten.' },
  { name: 'Metaal', description: 'Plaatwerk in RVS, messing en aluminium voor accenten en afdekkingen.' },
];

interface RoboxSpec {
  code: string;
  name: string;
  category: string;
  thickness: number;
  sheet: [number, number] | null;
  finish: string;
  supplier: string;
  /** Article name prefixes that fit, to link an ERP article when there is one. */
  article?: string[];
}

const ROBOX: RoboxSpec[] = [
  {
    code: 'MDF-18-STD',
    name: 'MDF standaard 18 mm',
    category: 'Plaatmateriaal',
    thickness: 18,
    sheet: [2800, 2070],
    finish: 'Ruw',
    supplier: 'Decorpanel Europe',
  },
  {
    code: 'MDF-18-FR',
    name: 'MDF brandvertragend B-s2,d0 18 mm',
    category: 'Plaatmateriaal',
    thickness: 18,
    sheet: [2800, 2070],
    finish: 'Ruw, rood gekernd',
    supplier: 'Decorpanel Europe',
    article: ['MDF plaat brandvertragend'],
  },
  {
    code: 'MDF-25-MR',
    name: 'MDF vochtbestendig 25 mm',
    category: 'Plaatmateriaal',
    thickness: 25,
    sheet: [2800, 2070],
    finish: 'Ruw, groen gekernd',
    supplier: 'Decorpanel Europe',
  },
  {
    code: 'SPN-19-W980',
    name: 'Spaanplaat melamine wit 19 mm',
    category: 'Plaatmateriaal',
    thickness: 19,
    sheet: [2800, 2070],
    finish: 'Wit W980 SM',
    supplier: 'Decorpanel Europe',
    article: ['Spaanplaat melamine'],
  },
  {
    code: 'MPX-18-BRK',
    name: 'Multiplex berken 18 mm',
    category: 'Plaatmateriaal',
    thickness: 18,
    sheet: [2500, 1250],
    finish: 'Berken B/BB',
    supplier: 'Houtindustrie De Eik',
    article: ['Multiplex'],
  },
  {
    code: 'MPX-12-OKO',
    name: 'Multiplex okoumé B-s1,d0 12 mm',
    category: 'Plaatmateriaal',
    thickness: 12,
    sheet: [2500, 1220],
    finish: 'Okoumé',
    supplier: 'Houtindustrie De Eik',
  },
  {
    code: 'FIN-EI-19',
    name: 'Eikenfineer rift op MDF 19 mm',
    category: 'Fineer',
    thickness: 19,
    sheet: [3050, 1300],
    finish: 'Eiken rift, naturel geolied',
    supplier: 'Houtindustrie De Eik',
    article: ['Eiken fineer'],
  },
  {
    code: 'FIN-NO-19',
    name: 'Notenfineer op MDF 19 mm',
    category: 'Fineer',
    thickness: 19,
    sheet: [3050, 1300],
    finish: 'Amerikaans noten, zijdemat gelakt',
    supplier: 'Houtindustrie De Eik',
    article: ['Noten fineer'],
  },
  {
    code: 'FIN-TK-19',
    name: 'Teakfineer op multiplex 19 mm',
    category: 'Fineer',
    thickness: 19,
    sheet: [2500, 1220],
    finish: 'Teak, scheepslak',
    supplier: 'Teakhouse Marine',
    article: ['Teak fineer'],
  },
  {
    code: 'FIN-EI-06',
    name: 'Eikenfineer blad 0,6 mm',
    category: 'Fineer',
    thickness: 0.6,
    sheet: [3050, 1300],
    finish: 'Eiken dosse',
    supplier: 'Houtindustrie De Eik',
  },
  {
    code: 'HPL-08-W',
    name: 'HPL wit mat 0,8 mm',
    category: 'HPL & compact',
    thickness: 0.8,
    sheet: [3050, 1300],
    finish: 'Wit, mat',
    supplier: 'Decorpanel Europe',
    article: ['HPL plaat'],
  },
  {
    code: 'HPL-08-EI',
    name: 'HPL eikendecor 0,8 mm',
    category: 'HPL & compact',
    thickness: 0.8,
    sheet: [3050, 1300],
    finish: 'Natuureiken, houtnerf',
    supplier: 'Decorpanel Europe',
  },
  {
    code: 'HPL-08-ANT',
    name: 'HPL antraciet 0,8 mm',
    category: 'HPL & compact',
    thickness: 0.8,
    sheet: [3050, 1300],
    finish: 'Antraciet, supermat',
    supplier: 'Decorpanel Europe',
  },
  {
    code: 'CMP-12-ZW',
    name: 'Compactplaat zwart 12 mm',
    category: 'HPL & compact',
    thickness: 12,
    sheet: [3050, 1300],
    finish: 'Zwart, zwarte kern',
    supplier: 'Decorpanel Europe',
    article: ['Compact laminaat'],
  },
  {
    code: 'KB-22-EI',
    name: 'Kantenband eikenfineer 22 × 1 mm',
    category: 'Kantenband',
    thickness: 1,
    sheet: null,
    finish: 'Eiken, voorgeschuurd',
    supplier: 'Houtindustrie De Eik',
  },
  {
    code: 'KB-42-W',
    name: 'Kantenband ABS wit 42 × 2 mm',
    category: 'Kantenband',
    thickness: 2,
    sheet: null,
    finish: 'Wit W980',
    supplier: 'Decorpanel Europe',
  },
  {
    code: 'KB-23-MS',
    name: 'Kantenband messinglook 23 × 0,8 mm',
    category: 'Kantenband',
    thickness: 0.8,
    sheet: null,
    finish: 'Geborsteld messing',
    supplier: 'Messing & Co Beslag',
  },
  {
    code: 'MAS-EI-40',
    name: 'Massief eiken 40 mm',
    category: 'Massief hout',
    thickness: 40,
    sheet: [3000, 200],
    finish: 'Eiken, FSC',
    supplier: 'Houtindustrie De Eik',
  },
  {
    code: 'MAS-TK-20',
    name: 'Massief teak dekdeel 20 mm',
    category: 'Massief hout',
    thickness: 20,
    sheet: [3000, 145],
    finish: 'Teak, onbehandeld',
    supplier: 'Teakhouse Marine',
  },
  {
    code: 'RVS-15-GB',
    name: 'RVS plaat geborsteld 1,5 mm',
    category: 'Metaal',
    thickness: 1.5,
    sheet: [2500, 1250],
    finish: 'RVS 316, korrel 240',
    supplier: 'Messing & Co Beslag',
  },
  {
    code: 'MS-2-GB',
    name: 'Messing plaat geborsteld 2 mm',
    category: 'Metaal',
    thickness: 2,
    sheet: [2000, 1000],
    finish: 'Messing, gelakt',
    supplier: 'Messing & Co Beslag',
  },
  {
    code: 'ALU-3-AN',
    name: 'Aluminium plaat geanodiseerd 3 mm',
    category: 'Metaal',
    thickness: 3,
    sheet: [3000, 1500],
    finish: 'Naturel geanodiseerd',
    supplier: 'Messing & Co Beslag',
  },
];

interface ProductSpec {
  key: string;
  nl: string;
  en: string;
  descNl: string;
  descEn: string;
  render: { kind: RenderKind; primary: string; secondary: string; accent?: string };
  /** Gallery shots (2–4). */
  gallery: RenderView[];
  type: string;
  categories: string[];
  areas: string[];
  features: string[];
  preferences: string[];
  materials: string[];
  suppliers: string[];
  robox?: string[];
  /** Article name prefixes that fit, to make the product from an ERP article when there is one. */
  article?: string[];
  parent?: string;
  related?: string[];
  carousel?: boolean;
  header?: boolean;
  tearsheet?: boolean;
  extended?: boolean;
  video?: string;
  featured?: FeaturedProject;
  downloads?: ('care' | 'imo' | 'cad')[];
}

const project = (title: string, subtitle: string, description: string, slug: string): FeaturedProject => ({
  header: 'Uitgelicht project',
  subtitle,
  title,
  description,
  link: `https://www.example.com/projecten/${slug}`,
});

const NORDIC_STAR = project(
  'MS Nordic Star – Lounge 7',
  'Cruise · oplevering 2025',
  'Complete herinrichting van de panoramalounge op dek 7: 240 zitplaatsen, maatwerk bars en akoestische wanden, uitgevoerd tijdens een droogdokperiode van drie weken.',
  'ms-nordic-star-lounge-7',
);
const ZEEUWSE_KUST = project(
  'Hotel De Zeeuwse Kust – Suites',
  'Hotel · 48 suites',
  'Veertig suites en acht penthouses met gestoffeerde hoofdborden, fineer wandbekleding en maatwerk minibars, kamer voor kamer geleverd en gemonteerd.',
  'hotel-de-zeeuwse-kust-suites',
);
const AURORA = project(
  'Aurora Explorer – Observation lounge',
  'Expeditiecruise · 2024',
  'Een lichte, Scandinavische lounge voor poolexpedities: modulaire banken, teak details en verlichting die met het daglicht meeloopt.',
  'aurora-explorer-observation-lounge',
);
const MED_PEARL = project(
  'Mediterranean Pearl – Ristorante La Terrazza',
  'Cruise · 180 couverts',
  'Restaurant met marmeren bistrotafels, messing accenten en stapelbare stoelen die in een handomdraai plaatsmaken voor een buffetopstelling.',
  'mediterranean-pearl-la-terrazza',
);
const DUNES = project(
  'Dunes Leisure Resort – Spa & wellness',
  'Leisure · 1.200 m²',
  'Vochtbestendige wandpanelen, compactplaat kleedkamers en rustige loungemeubels voor de nieuwe spa aan de duinrand.',
  'dunes-leisure-resort-spa',
);

const PRODUCTS: ProductSpec[] = [
  // ---- Zitmeubelen / Seating
  {
    key: 'havana-3',
    nl: 'Bankserie Havana – 3-zits',
    en: 'Havana sofa series – three-seater',
    descNl:
      'Havana is een royale loungebank met losse rugkussens en een slank zwart onderstel. Het frame is van massief beuken met pocketvering in de zitting; de bekleding in cognac leer is brandvertragend behandeld volgens IMO FTP Code deel 8. Verkrijgbaar als 2- en 3-zits, fauteuil en hocker, in leer of meubelstof naar keuze.',
    descEn:
      'Havana is a generous lounge sofa with loose back cushions on a slim black base. The frame is solid beech with pocket springs in the seat; the cognac leather upholstery is fire-retardant treated to IMO FTP Code part 8. Available as two- and three-seater, armchair and ottoman, in leather or a fabric of your choice.',
    render: { kind: 'sofa', primary: '#8a4f2c', secondary: '#1f1c1a', accent: '#c9a35b' },
    gallery: [0, 1, 3, 2],
    type: 'Bank',
    categories: ['Zitmeubelen'],
    areas: ['Bar & lounge', 'Lobby & atrium', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Brandvertragend', 'Maatwerk'],
    preferences: ['Modern klassiek'],
    materials: ['Leer', 'Gepoedercoat staal'],
    suppliers: ['Nordhavn Upholstery'],
    robox: ['MPX-18-BRK'],
    article: ['Loungebank 3-zits'],
    related: ['atoll', 'aurora-floor', 'gatsby-side'],
    carousel: true,
    header: true,
    tearsheet: true,
    extended: true,
    featured: NORDIC_STAR,
    downloads: ['care', 'imo', 'cad'],
  },
  {
    key: 'havana-2',
    nl: 'Havana 2-zits',
    en: 'Havana two-seater',
    descNl:
      'De compacte variant van Havana voor suites en hutten met een zithoek. Dezelfde diepe zitting en losse rugkussens, op een breedte van 172 cm.',
    descEn:
      'The compact Havana for suites and cabins with a seating corner: the same deep seat and loose back cushions, 172 cm wide.',
    render: { kind: 'sofa', primary: '#7a4527', secondary: '#1f1c1a', accent: '#c9a35b' },
    gallery: [0, 3],
    type: 'Bank',
    categories: ['Zitmeubelen'],
    areas: ['Suites', 'Hutten'],
    features: ['IMO FTP-gecertificeerd', 'Brandvertragend'],
    preferences: ['Modern klassiek'],
    materials: ['Leer'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Loungebank 2-zits'],
    parent: 'havana-3',
    related: ['havana-fauteuil'],
    downloads: ['care'],
  },
  {
    key: 'havana-fauteuil',
    nl: 'Havana fauteuil',
    en: 'Havana armchair',
    descNl: 'Fauteuil uit de Havana-serie met brede armleuningen; ideaal als paar bij het raam of in een leeshoek.',
    descEn: 'Armchair from the Havana series with broad arms; ideal as a pair by the window or in a reading corner.',
    render: { kind: 'armchair', primary: '#8a4f2c', secondary: '#1f1c1a', accent: '#c9a35b' },
    gallery: [0, 1, 3],
    type: 'Fauteuil',
    categories: ['Zitmeubelen'],
    areas: ['Suites', 'Bar & lounge'],
    features: ['IMO FTP-gecertificeerd', 'Brandvertragend'],
    preferences: ['Modern klassiek'],
    materials: ['Leer', 'Gepoedercoat staal'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Fauteuil'],
    parent: 'havana-3',
    related: ['havana-2', 'bridge-lamp'],
    downloads: ['care'],
  },
  {
    key: 'horizon',
    nl: 'Modulaire bank Horizon',
    en: 'Horizon modular sofa',
    descNl:
      'Horizon bestaat uit rechte, hoek- en eindelementen die met verborgen koppelbeslag aan elkaar vastzitten, zodat een lounge in één nacht anders kan worden opgesteld. Bekleed met een zandkleurige bouclé die tegen 100.000 Martindale-toeren kan.',
    descEn:
      'Horizon consists of straight, corner and end modules joined by hidden connectors, so a lounge can be rearranged overnight. Upholstered in a sand bouclé rated at 100,000 Martindale rubs.',
    render: { kind: 'sofa', primary: '#cdbb9f', secondary: '#6b5b4a', accent: '#8c7a62' },
    gallery: [0, 1, 3],
    type: 'Bank',
    categories: ['Zitmeubelen'],
    areas: ['Lobby & atrium', 'Bar & lounge', 'Theater'],
    features: ['IMO FTP-gecertificeerd', 'Maatwerk', 'Onderhoudsvriendelijk'],
    preferences: ['Scandinavisch', 'Japandi'],
    materials: ['Bouclé', 'Eikenfineer'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Bankstel modulair', 'Hoekbank'],
    related: ['atoll', 'fluted-oak', 'nordic-waves'],
    carousel: true,
    header: true,
    featured: AURORA,
    downloads: ['care', 'imo'],
  },
  {
    key: 'atlantic',
    nl: 'Loungefauteuil Atlantic',
    en: 'Atlantic lounge chair',
    descNl:
      'Een omarmende loungestoel in marineblauw velours met messing piping. De zitting kantelt licht achterover, waardoor Atlantic uitnodigt om te blijven zitten bij het uitzicht.',
    descEn:
      'An embracing lounge chair in navy velvet with brass piping. The seat tilts slightly back, inviting guests to stay for the view.',
    render: { kind: 'armchair', primary: '#233a5e', secondary: '#b8913f', accent: '#d8b56a' },
    gallery: [0, 1, 2],
    type: 'Fauteuil',
    categories: ['Zitmeubelen'],
    areas: ['Bar & lounge', 'Theater', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Brandvertragend'],
    preferences: ['Nautisch', 'Art deco'],
    materials: ['Velours', 'Messing'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Loungestoel'],
    related: ['porthole', 'gatsby-side'],
    carousel: true,
    featured: NORDIC_STAR,
    downloads: ['care', 'imo'],
  },
  {
    key: 'gatsby-club',
    nl: 'Clubfauteuil Gatsby',
    en: 'Gatsby club chair',
    descNl:
      'Gatsby combineert een ronde rug in smaragdgroen velours met poten van massief messing. Een statement in bars en cigar lounges, met een zitcomfort dat een hele avond meegaat.',
    descEn:
      'Gatsby pairs a rounded back in emerald velvet with solid brass legs: a statement in bars and cigar lounges, comfortable for a whole evening.',
    render: { kind: 'armchair', primary: '#1f5c4a', secondary: '#c49a45', accent: '#e2c27a' },
    gallery: [0, 3],
    type: 'Fauteuil',
    categories: ['Zitmeubelen'],
    areas: ['Bar & lounge', 'Suites'],
    features: ['Brandvertragend', 'Maatwerk'],
    preferences: ['Art deco'],
    materials: ['Velours', 'Messing'],
    suppliers: ['Nordhavn Upholstery'],
    related: ['gatsby-side', 'deco-fan', 'deco-knob'],
    downloads: ['care'],
  },
  {
    key: 'nordic-oak',
    nl: 'Stoelserie Nordic Oak',
    en: 'Nordic Oak chair series',
    descNl:
      'Een heldere eetkamerstoel van massief eiken met een gestoffeerde zitting en rug. De verbindingen zijn gedeuveld en gelijmd, zodat de stoel jarenlang stevig blijft in een druk restaurant. Ook als armstoel en barkruk.',
    descEn:
      'A clean dining chair in solid oak with upholstered seat and back. Doweled and glued joints keep it sturdy for years in a busy restaurant. Also available as carver chair and bar stool.',
    render: { kind: 'chair', primary: '#b08a5a', secondary: '#c9a877', accent: '#8c6b43' },
    gallery: [0, 1, 2, 3],
    type: 'Stoel',
    categories: ['Zitmeubelen'],
    areas: ['Restaurant', 'Hotelkamers', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Onderhoudsvriendelijk'],
    preferences: ['Scandinavisch', 'Japandi'],
    materials: ['Eikenfineer', 'Wol'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['MAS-EI-40'],
    article: ['Eetkamerstoel'],
    related: ['nordic-table', 'lumen-dome'],
    header: true,
    tearsheet: true,
    featured: AURORA,
    downloads: ['care', 'cad'],
  },
  {
    key: 'nordic-oak-arm',
    nl: 'Nordic Oak armstoel',
    en: 'Nordic Oak carver chair',
    descNl: 'De Nordic Oak met armleuningen, voor de kop van de tafel of als bureaustoel in suites.',
    descEn: 'The Nordic Oak with arms, for the head of the table or as a desk chair in suites.',
    render: { kind: 'chair', primary: '#a07b4d', secondary: '#c9a877', accent: '#8c6b43' },
    gallery: [0, 2],
    type: 'Stoel',
    categories: ['Zitmeubelen'],
    areas: ['Restaurant', 'Suites'],
    features: ['IMO FTP-gecertificeerd'],
    preferences: ['Scandinavisch'],
    materials: ['Eikenfineer', 'Wol'],
    suppliers: ['Houtindustrie De Eik'],
    parent: 'nordic-oak',
    related: ['nordic-table'],
    downloads: ['care'],
  },
  {
    key: 'nordic-oak-stool',
    nl: 'Nordic Oak barkruk',
    en: 'Nordic Oak bar stool',
    descNl: 'Barkruk met ronde zitting en voetring, in zithoogte 65 of 75 cm; past bij bars en hoge statafels.',
    descEn: 'Bar stool with round seat and footrest ring, seat height 65 or 75 cm; made for bars and high tables.',
    render: { kind: 'stool', primary: '#b08a5a', secondary: '#c9a877', accent: '#8c6b43' },
    gallery: [0, 3],
    type: 'Kruk',
    categories: ['Zitmeubelen'],
    areas: ['Bar & lounge', 'Restaurant'],
    features: ['IMO FTP-gecertificeerd'],
    preferences: ['Scandinavisch'],
    materials: ['Eikenfineer'],
    suppliers: ['Houtindustrie De Eik'],
    article: ['Barkruk'],
    parent: 'nordic-oak',
    downloads: ['care'],
  },
  {
    key: 'fjord',
    nl: 'Stapelstoel Fjord',
    en: 'Fjord stacking chair',
    descNl:
      'Fjord stapelt tot acht hoog en weegt slechts 4,8 kg. Het essen frame met grijze wolmix-bekleding maakt hem geschikt voor restaurants, kinderclubs en vergaderzalen die vaak van opstelling wisselen.',
    descEn:
      'Fjord stacks eight high and weighs just 4.8 kg. The ash frame with grey wool-blend upholstery suits restaurants, kids clubs and meeting rooms that change layout often.',
    render: { kind: 'chair', primary: '#8d9096', secondary: '#d2b48c', accent: '#6f7378' },
    gallery: [0, 1, 3],
    type: 'Stoel',
    categories: ['Zitmeubelen'],
    areas: ['Restaurant', 'Kinderclub', 'Theater'],
    features: ['Stapelbaar', 'IMO FTP-gecertificeerd', 'Onderhoudsvriendelijk'],
    preferences: ['Scandinavisch'],
    materials: ['Wol'],
    suppliers: ['Houtindustrie De Eik'],
    article: ['Eetkamerstoel'],
    related: ['marmo', 'nordic-table'],
    featured: MED_PEARL,
    downloads: ['care', 'imo'],
  },
  {
    key: 'riviera-chair',
    nl: 'Dekstoel Riviera',
    en: 'Riviera deck chair',
    descNl:
      'Teakhouten dekstoel met een zitting van wit outdoor-weefsel dat snel droogt en niet verkleurt in zon en zeewind. RVS 316 bevestigingsmateriaal.',
    descEn:
      'Teak deck chair with a white outdoor-fabric seat that dries fast and holds its colour in sun and sea air. Stainless steel 316 fixings.',
    render: { kind: 'chair', primary: '#eeeae2', secondary: '#9b6a3c', accent: '#c8c2b4' },
    gallery: [0, 1, 3],
    type: 'Stoel',
    categories: ['Zitmeubelen'],
    areas: ['Zwembaddek'],
    features: ['Buitengeschikt', 'Vochtbestendig', 'Stapelbaar'],
    preferences: ['Nautisch'],
    materials: ['Teak', 'RVS'],
    suppliers: ['Teakhouse Marine'],
    robox: ['MAS-TK-20'],
    article: ['Dekstoel'],
    related: ['riviera-table', 'teak-deck'],
    carousel: true,
    downloads: ['care'],
  },
  {
    key: 'bosun',
    nl: 'Barkruk Bosun',
    en: 'Bosun bar stool',
    descNl:
      'Stoere barkruk met zwart gepoedercoat stalen frame en een zitting van gewaxt leer. Voetring en viltglijders standaard.',
    descEn:
      'Sturdy bar stool with a black powder-coated steel frame and waxed leather seat. Footrest ring and felt glides as standard.',
    render: { kind: 'stool', primary: '#6b3f24', secondary: '#22201e', accent: '#444' },
    gallery: [0, 2],
    type: 'Kruk',
    categories: ['Zitmeubelen'],
    areas: ['Bar & lounge'],
    features: ['Onderhoudsvriendelijk'],
    preferences: ['Industrieel'],
    materials: ['Leer', 'Gepoedercoat staal'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Barkruk'],
    related: ['marmo'],
    downloads: ['care'],
  },
  {
    key: 'coral-pouf',
    nl: 'Zitpoef Koraal',
    en: 'Coral pouf',
    descNl:
      'Zachte poef met afneembare, wasbare hoes in koraalrood. Licht genoeg voor kinderen om zelf te verplaatsen, met afgeronde randen zonder harde delen.',
    descEn:
      'Soft pouf with a removable, washable cover in coral red. Light enough for children to move themselves, with rounded edges and no hard parts.',
    render: { kind: 'pouf', primary: '#d9695a', secondary: '#f2c6b6', accent: '#f4a259' },
    gallery: [0, 3],
    type: 'Kruk',
    categories: ['Zitmeubelen'],
    areas: ['Kinderclub', 'Spa'],
    features: ['Brandvertragend', 'Onderhoudsvriendelijk'],
    preferences: ['Scandinavisch'],
    materials: ['Wol'],
    suppliers: ['Nordhavn Upholstery'],
    related: ['fjord'],
    downloads: ['care'],
  },
  // ---- Tafels / Tables
  {
    key: 'nordic-table',
    nl: 'Eettafel Nordic Oak',
    en: 'Nordic Oak dining table',
    descNl:
      'Rechthoekige eettafel met een blad van eikenfineer op brandvertragend MDF en een massief eiken onderstel. Leverbaar van 4 tot 12 personen; de bladdikte van 30 mm oogt licht en blijft vlak.',
    descEn:
      'Rectangular dining table with an oak-veneer top on fire-retardant MDF and a solid oak base. Seats 4 to 12; the 30 mm top looks light and stays flat.',
    render: { kind: 'table', primary: '#b8915f', secondary: '#a88155', accent: '#8c6b43' },
    gallery: [0, 1, 3],
    type: 'Tafel',
    categories: ['Tafels'],
    areas: ['Restaurant', 'Suites'],
    features: ['Maatwerk', 'IMO FTP-gecertificeerd'],
    preferences: ['Scandinavisch', 'Japandi'],
    materials: ['Eikenfineer'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-EI-19', 'MDF-18-FR', 'KB-22-EI'],
    article: ['Eettafel'],
    related: ['nordic-oak', 'lumen-dome'],
    downloads: ['care', 'cad'],
  },
  {
    key: 'marmo',
    nl: 'Bistrotafel Marmo',
    en: 'Marmo bistro table',
    descNl:
      'Ronde bistrotafel met een blad van Carrara-marmer, 20 mm, op een voet van geborsteld messing. Het blad is geïmpregneerd tegen vlekken van wijn en citrus.',
    descEn:
      'Round bistro table with a 20 mm Carrara marble top on a brushed brass pedestal. The top is sealed against wine and citrus stains.',
    render: { kind: 'round-table', primary: '#e8e4de', secondary: '#b8913f', accent: '#cfc8bd' },
    gallery: [0, 2, 3],
    type: 'Tafel',
    categories: ['Tafels'],
    areas: ['Restaurant', 'Bar & lounge'],
    features: ['Onderhoudsvriendelijk'],
    preferences: ['Art deco', 'Modern klassiek'],
    materials: ['Marmer', 'Messing'],
    suppliers: ['Marmi Apuane'],
    robox: ['MS-2-GB'],
    article: ['Bartafel', 'Bijzettafel'],
    related: ['fjord', 'bosun', 'gatsby-club'],
    carousel: true,
    featured: MED_PEARL,
    downloads: ['care'],
  },
  {
    key: 'atoll',
    nl: 'Salontafel Atoll',
    en: 'Atoll coffee table',
    descNl:
      'Lage ronde salontafel in notenfineer met een verzonken sokkel, zodat de tafel lijkt te zweven. Diameter 110 of 130 cm.',
    descEn: 'Low round coffee table in walnut veneer on a recessed plinth, so the table seems to float. Diameter 110 or 130 cm.',
    render: { kind: 'coffee-table', primary: '#6b4a32', secondary: '#2b2623', accent: '#c9a35b' },
    gallery: [0, 1],
    type: 'Tafel',
    categories: ['Tafels'],
    areas: ['Bar & lounge', 'Suites', 'Lobby & atrium'],
    features: ['Maatwerk'],
    preferences: ['Modern klassiek', 'Japandi'],
    materials: ['Notenfineer'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-NO-19', 'MDF-18-FR'],
    article: ['Salontafel'],
    related: ['havana-3', 'horizon'],
    downloads: ['care'],
  },
  {
    key: 'gatsby-side',
    nl: 'Bijzettafel Gatsby',
    en: 'Gatsby side table',
    descNl: 'Kleine bijzettafel met een blad van rookglas in een rand van messing. Precies hoog genoeg naast een clubfauteuil.',
    descEn: 'Small side table with a smoked glass top in a brass rim, just the right height beside a club chair.',
    render: { kind: 'round-table', primary: '#5b5a58', secondary: '#c49a45', accent: '#e2c27a' },
    gallery: [0, 2],
    type: 'Tafel',
    categories: ['Tafels'],
    areas: ['Bar & lounge', 'Suites'],
    features: ['Onderhoudsvriendelijk'],
    preferences: ['Art deco'],
    materials: ['Glas', 'Messing'],
    suppliers: ['Messing & Co Beslag'],
    article: ['Bijzettafel'],
    related: ['gatsby-club', 'atlantic'],
    downloads: ['care'],
  },
  {
    key: 'riviera-table',
    nl: 'Terrastafel Riviera',
    en: 'Riviera deck table',
    descNl:
      'Teakhouten terrastafel met open latten, zodat regen- en spatwater direct wegloopt. Klapbaar voor opslag tijdens storm.',
    descEn: 'Teak deck table with open slats so rain and spray drain straight away. Folds flat for storage in rough weather.',
    render: { kind: 'table', primary: '#9b6a3c', secondary: '#8a5d33', accent: '#c8c2b4' },
    gallery: [0, 3],
    type: 'Tafel',
    categories: ['Tafels'],
    areas: ['Zwembaddek'],
    features: ['Buitengeschikt', 'Vochtbestendig'],
    preferences: ['Nautisch'],
    materials: ['Teak', 'RVS'],
    suppliers: ['Teakhouse Marine'],
    robox: ['MAS-TK-20'],
    article: ['Buitentafel'],
    related: ['riviera-chair'],
    downloads: ['care'],
  },
  // ---- Verlichting / Lighting
  {
    key: 'lumen-dome',
    nl: 'Hanglamp Lumen Dome',
    en: 'Lumen Dome pendant',
    descNl:
      'Koepelvormige hanglamp van gesponnen messing met een opaal diffuser die verblinding voorkomt. Dimbare LED-module van 2700 K, scheepsgekeurd en met trillingsvaste ophanging.',
    descEn:
      'Dome pendant in spun brass with an opal diffuser against glare. Dimmable 2700 K LED module, marine approved, with vibration-proof suspension.',
    render: { kind: 'pendant', primary: '#b8913f', secondary: '#3b3530', accent: '#ffe7b0' },
    gallery: [0, 1, 2],
    type: 'Hanglamp',
    categories: ['Verlichting'],
    areas: ['Restaurant', 'Bar & lounge', 'Lobby & atrium'],
    features: ['Dimbaar', 'IMO FTP-gecertificeerd'],
    preferences: ['Art deco', 'Modern klassiek'],
    materials: ['Messing', 'Glas'],
    suppliers: ['Luminaria Verona'],
    article: ['Hanglamp'],
    related: ['nordic-table', 'marmo'],
    header: true,
    downloads: ['cad'],
  },
  {
    key: 'aurora-floor',
    nl: 'Staande lamp Aurora',
    en: 'Aurora floor lamp',
    descNl: 'Staande leeslamp met een linnen kap en een slanke voet van gepoedercoat staal. Met traploze dimmer in de voet.',
    descEn: 'Floor reading lamp with a linen shade and a slim powder-coated steel stand. Stepless dimmer in the base.',
    render: { kind: 'floor-lamp', primary: '#e9dcc3', secondary: '#2b2826', accent: '#ffe1a0' },
    gallery: [0, 3],
    type: 'Staande lamp',
    categories: ['Verlichting'],
    areas: ['Suites', 'Hotelkamers', 'Bar & lounge'],
    features: ['Dimbaar'],
    preferences: ['Scandinavisch', 'Modern klassiek'],
    materials: ['Linnen', 'Gepoedercoat staal'],
    suppliers: ['Luminaria Verona'],
    article: ['Staande lamp'],
    related: ['havana-3', 'havana-fauteuil'],
    downloads: ['cad'],
  },
  {
    key: 'bridge-lamp',
    nl: 'Tafellamp Bridge',
    en: 'Bridge table lamp',
    descNl: 'Tafellamp met een voet van messing en een stoffen kap, met USB-C-aansluiting in de voet voor gasten.',
    descEn: 'Table lamp with a brass base and fabric shade, with a USB-C socket in the base for guests.',
    render: { kind: 'table-lamp', primary: '#efe6d6', secondary: '#b8913f', accent: '#ffe1a0' },
    gallery: [0, 2],
    type: 'Tafellamp',
    categories: ['Verlichting'],
    areas: ['Hutten', 'Hotelkamers', 'Suites'],
    features: ['Dimbaar'],
    preferences: ['Modern klassiek'],
    materials: ['Messing', 'Linnen'],
    suppliers: ['Luminaria Verona'],
    article: ['Tafellamp'],
    related: ['serenity', 'cabin-line'],
    downloads: ['cad'],
  },
  {
    key: 'porthole',
    nl: 'Wandlamp Porthole',
    en: 'Porthole wall light',
    descNl:
      'Ronde wandlamp in de vorm van een patrijspoort, met acht zichtbare bouten en een opaal glas. IP44 en daarmee ook geschikt voor gangen aan dek en natte ruimtes.',
    descEn:
      'Round wall light shaped like a porthole, with eight visible bolts and opal glass. IP44, so also suitable for deck corridors and wet areas.',
    render: { kind: 'sconce', primary: '#f3efe6', secondary: '#9a7a3e', accent: '#ffe7b0' },
    gallery: [0, 1, 2],
    type: 'Wandlamp',
    categories: ['Verlichting'],
    areas: ['Hutten', 'Zwembaddek', 'Spa'],
    features: ['Vochtbestendig', 'Buitengeschikt'],
    preferences: ['Nautisch', 'Industrieel'],
    materials: ['Messing', 'Glas'],
    suppliers: ['Luminaria Verona'],
    article: ['Wandlamp'],
    related: ['atlantic', 'cabin-line'],
    carousel: true,
    downloads: ['cad'],
  },
  // ---- Kasten & casegoods
  {
    key: 'cabin-line',
    nl: 'Hutkast Cabin Line',
    en: 'Cabin Line wardrobe',
    descNl:
      'Hutkast op maat, opgebouwd uit brandvertragend MDF met eikenfineer en messing grepen. Scharnieren met zeevaartvergrendeling houden de deuren dicht bij zeegang; binnenverlichting schakelt mee met de deur.',
    descEn:
      'Made-to-measure cabin wardrobe in fire-retardant MDF with oak veneer and brass handles. Marine-latch hinges keep the doors shut in a seaway; interior lighting switches with the door.',
    render: { kind: 'cabinet', primary: '#a4794a', secondary: '#2b2623', accent: '#c9a35b' },
    gallery: [0, 2, 3],
    type: 'Kast',
    categories: ['Kasten & casegoods'],
    areas: ['Hutten', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Maatwerk', 'Brandvertragend'],
    preferences: ['Nautisch', 'Modern klassiek'],
    materials: ['Eikenfineer', 'Messing'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-EI-19', 'MDF-18-FR', 'KB-22-EI'],
    article: ['Hutkast', 'Garderobekast'],
    related: ['brass-bar', 'serenity', 'bridge-lamp'],
    tearsheet: true,
    extended: true,
    featured: ZEEUWSE_KUST,
    downloads: ['imo', 'cad'],
  },
  {
    key: 'suite-minibar',
    nl: 'Minibarmeubel Suite',
    en: 'Suite minibar unit',
    descNl:
      'Minibarmeubel met geventileerde koelnis, uittrekbare glazenla en een blad van compactplaat dat tegen natte glazen kan.',
    descEn:
      'Minibar unit with a ventilated fridge niche, pull-out glass drawer and a compact-laminate top that takes wet glasses.',
    render: { kind: 'cabinet', primary: '#3c2f28', secondary: '#1c1a19', accent: '#c9a35b' },
    gallery: [0, 2],
    type: 'Kast',
    categories: ['Kasten & casegoods'],
    areas: ['Suites', 'Hotelkamers'],
    features: ['Maatwerk', 'Vochtbestendig'],
    preferences: ['Modern klassiek'],
    materials: ['Notenfineer', 'Messing', 'HPL'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-NO-19', 'CMP-12-ZW'],
    article: ['Minibarmeubel'],
    related: ['cabin-line', 'deco-knob'],
    downloads: ['cad'],
  },
  {
    key: 'walnut-wave',
    nl: 'Dressoir Walnut Wave',
    en: 'Walnut Wave sideboard',
    descNl:
      'Laag dressoir met gefreesde golflijnen in notenfineer en een afdekblad van geborsteld messing. Push-to-open deuren, geen zichtbare grepen.',
    descEn:
      'Low sideboard with milled wave lines in walnut veneer and a brushed brass top. Push-to-open doors, no visible handles.',
    render: { kind: 'sideboard', primary: '#5e3f2a', secondary: '#1f1c1a', accent: '#c49a45' },
    gallery: [0, 1, 2],
    type: 'Kast',
    categories: ['Kasten & casegoods'],
    areas: ['Restaurant', 'Lobby & atrium', 'Suites'],
    features: ['Maatwerk'],
    preferences: ['Art deco', 'Modern klassiek'],
    materials: ['Notenfineer', 'Messing'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-NO-19', 'MS-2-GB'],
    related: ['gatsby-club', 'lumen-dome'],
    carousel: true,
    downloads: ['care'],
  },
  {
    key: 'atrium-desk',
    nl: 'Receptiebalie Atrium',
    en: 'Atrium reception desk',
    descNl:
      'Modulaire receptiebalie met een front van verticale eiken lamellen en een blad van compactplaat. Kabelgoten, kluisvak en rolstoeltoegankelijk deel zijn standaard ingepland.',
    descEn:
      'Modular reception desk with a front of vertical oak slats and a compact-laminate top. Cable trays, safe compartment and a wheelchair-accessible section are built in.',
    render: { kind: 'desk', primary: '#a98256', secondary: '#2f2f31', accent: '#c9a35b' },
    gallery: [0, 1, 3],
    type: 'Balie',
    categories: ['Kasten & casegoods'],
    areas: ['Lobby & atrium', 'Spa'],
    features: ['Maatwerk', 'IMO FTP-gecertificeerd'],
    preferences: ['Japandi', 'Scandinavisch'],
    materials: ['Eikenfineer', 'HPL'],
    suppliers: ['Houtindustrie De Eik'],
    robox: ['FIN-EI-19', 'CMP-12-ZW', 'MAS-EI-40'],
    related: ['fluted-oak', 'horizon'],
    header: true,
    featured: DUNES,
    downloads: ['cad'],
  },
  // ---- Bedden & hoofdborden
  {
    key: 'serenity',
    nl: 'Hoofdbord Serenity',
    en: 'Serenity headboard',
    descNl:
      'Gestoffeerd hoofdbord met verticale kanalen in een zachte, brandvertragende meubelstof. Montage aan de wand met een ophangrail, zodat het bed los blijft voor schoonmaak.',
    descEn:
      'Upholstered headboard with vertical channels in a soft, fire-retardant fabric. Wall-mounted on a hanging rail, so the bed stays free for cleaning.',
    render: { kind: 'headboard', primary: '#9aa39a', secondary: '#3c3833', accent: '#d9d2c3' },
    gallery: [0, 1, 3],
    type: 'Bed',
    categories: ['Bedden & hoofdborden'],
    areas: ['Hutten', 'Suites', 'Hotelkamers'],
    features: ['Brandvertragend', 'Maatwerk', 'Geluidsabsorberend'],
    preferences: ['Scandinavisch', 'Japandi'],
    materials: ['Linnen', 'Eikenfineer'],
    suppliers: ['Nordhavn Upholstery'],
    robox: ['MDF-18-FR'],
    article: ['Hoofdbord gestoffeerd', 'Hoofdbord capitonné'],
    related: ['bridge-lamp', 'cabin-line', 'nordic-waves'],
    carousel: true,
    header: true,
    tearsheet: true,
    featured: ZEEUWSE_KUST,
    downloads: ['care', 'imo'],
  },
  {
    key: 'serenity-king',
    nl: 'Serenity king size met leeslampen',
    en: 'Serenity king size with reading lights',
    descNl: 'De Serenity in kingsize-breedte met twee geïntegreerde leeslampen en USB-C-laders links en rechts.',
    descEn: 'The Serenity in king-size width with two integrated reading lights and USB-C chargers on either side.',
    render: { kind: 'headboard', primary: '#7f8b86', secondary: '#3c3833', accent: '#e8dcc4' },
    gallery: [0, 2],
    type: 'Bed',
    categories: ['Bedden & hoofdborden'],
    areas: ['Suites', 'Hotelkamers'],
    features: ['Brandvertragend', 'Dimbaar'],
    preferences: ['Japandi'],
    materials: ['Linnen'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Hoofdbord met leeslampen'],
    parent: 'serenity',
    downloads: ['care'],
  },
  {
    key: 'deco-channel',
    nl: 'Hoofdbord Deco Channel',
    en: 'Deco Channel headboard',
    descNl:
      'Hoog hoofdbord in oudroze velours met brede, ronde kanalen en een messing plint. Een blikvanger voor penthouses en bruidssuites.',
    descEn:
      'Tall headboard in dusty pink velvet with broad rounded channels and a brass plinth: an eye-catcher for penthouses and bridal suites.',
    render: { kind: 'headboard', primary: '#c48e8a', secondary: '#b8913f', accent: '#f0dcd3' },
    gallery: [0, 3],
    type: 'Bed',
    categories: ['Bedden & hoofdborden'],
    areas: ['Suites'],
    features: ['Maatwerk', 'Brandvertragend'],
    preferences: ['Art deco'],
    materials: ['Velours', 'Messing'],
    suppliers: ['Nordhavn Upholstery'],
    related: ['deco-fan', 'gatsby-club'],
    downloads: ['care'],
  },
  // ---- Wandafwerking
  {
    key: 'fluted-oak',
    nl: 'Wandpaneel Fluted eiken',
    en: 'Fluted oak wall panel',
    descNl:
      'Gefreesde wandpanelen in eikenfineer op brandvertragend MDF, met een verborgen klikbevestiging. De halfronde groeven breken het licht en dempen galm in lobby en lounge.',
    descEn:
      'Fluted wall panels in oak veneer on fire-retardant MDF with hidden click fixings. The half-round grooves catch the light and reduce reverberation in lobbies and lounges.',
    render: { kind: 'wall-panel', primary: '#b08a5a', secondary: '#6b4f33' },
    gallery: [0, 2],
    type: 'Wandpaneel',
    categories: ['Wandafwerking'],
    areas: ['Lobby & atrium', 'Bar & lounge', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Geluidsabsorberend', 'Maatwerk'],
    preferences: ['Japandi', 'Scandinavisch'],
    materials: ['Eikenfineer'],
    suppliers: ['Decorpanel Europe'],
    robox: ['FIN-EI-19', 'MDF-18-FR'],
    article: ['Fineer wandpaneel'],
    related: ['atrium-desk', 'horizon', 'silence'],
    extended: true,
    video: 'https://video.example.com/catalogus/fluted-eiken-montage.mp4',
    featured: NORDIC_STAR,
    downloads: ['imo', 'cad'],
  },
  {
    key: 'silence',
    nl: 'Akoestisch wandpaneel Silence',
    en: 'Silence acoustic wall panel',
    descNl:
      'Stoffen wandpaneel met een kern van gerecycled PET-vilt (absorptieklasse A). In 24 kleuren en op maat gesneden rond stopcontacten en spots.',
    descEn:
      'Fabric wall panel with a recycled PET felt core (absorption class A). In 24 colours, cut to size around sockets and spotlights.',
    render: { kind: 'wall-panel', primary: '#56707a', secondary: '#2d3a40' },
    gallery: [0, 2],
    type: 'Wandpaneel',
    categories: ['Wandafwerking'],
    areas: ['Theater', 'Restaurant', 'Kinderclub'],
    features: ['Geluidsabsorberend', 'Brandvertragend'],
    preferences: ['Scandinavisch', 'Industrieel'],
    materials: ['Wol'],
    suppliers: ['Decorpanel Europe'],
    article: ['Akoestisch wandpaneel', 'Stoffen wandpaneel'],
    related: ['fluted-oak', 'linear-ceiling'],
    downloads: ['imo'],
  },
  {
    key: 'linear-ceiling',
    nl: 'Plafondsysteem Linear',
    en: 'Linear ceiling system',
    descNl:
      'Lamellenplafond van eiken-HPL op aluminium draagprofielen. Lamellen zijn los uitneembaar voor onderhoud aan leidingen en sprinklers.',
    descEn:
      'Slatted ceiling in oak HPL on aluminium carrier profiles. Slats lift out one by one for maintenance of ducts and sprinklers.',
    render: { kind: 'ceiling', primary: '#b8915f', secondary: '#4a4a4a' },
    gallery: [0, 3],
    type: 'Plafondsysteem',
    categories: ['Wandafwerking'],
    areas: ['Lobby & atrium', 'Restaurant', 'Spa'],
    features: ['IMO FTP-gecertificeerd', 'Geluidsabsorberend', 'Vochtbestendig'],
    preferences: ['Scandinavisch', 'Industrieel'],
    materials: ['HPL'],
    suppliers: ['Decorpanel Europe'],
    robox: ['HPL-08-EI', 'ALU-3-AN'],
    related: ['silence'],
    featured: DUNES,
    downloads: ['imo', 'cad'],
  },
  // ---- Vloeren
  {
    key: 'herringbone',
    nl: 'Visgraatvloer eiken',
    en: 'Oak herringbone floor',
    descNl:
      'Meerlaagse eiken visgraatvloer, geborsteld en hardwax-geolied, met een ondervloer die contactgeluid met 19 dB vermindert.',
    descEn: 'Engineered oak herringbone floor, brushed and hardwax-oiled, with an underlay that cuts impact sound by 19 dB.',
    render: { kind: 'floor', primary: '#b48a5a', secondary: '#f3efe6' },
    gallery: [0, 2],
    type: 'Vloerafwerking',
    categories: ['Vloeren'],
    areas: ['Suites', 'Restaurant', 'Hotelkamers'],
    features: ['Geluidsabsorberend'],
    preferences: ['Modern klassiek', 'Scandinavisch'],
    materials: ['Eikenfineer'],
    suppliers: ['Houtindustrie De Eik'],
    related: ['nordic-table', 'walnut-wave'],
    downloads: ['care'],
  },
  {
    key: 'teak-deck',
    nl: 'Scheepsdek teak',
    en: 'Teak ship decking',
    descNl:
      'Massief teak dekdelen met zwarte voegen, klassiek gelegd voor zwembaddekken en buitenbars. Antislip en bestand tegen chloor.',
    descEn:
      'Solid teak deck planks with black caulking, laid the classic way for pool decks and outdoor bars. Slip resistant and chlorine proof.',
    render: { kind: 'floor', primary: '#a06c3c', secondary: '#1d1b1a' },
    gallery: [0, 2],
    type: 'Vloerafwerking',
    categories: ['Vloeren'],
    areas: ['Zwembaddek'],
    features: ['Buitengeschikt', 'Vochtbestendig'],
    preferences: ['Nautisch'],
    materials: ['Teak'],
    suppliers: ['Teakhouse Marine'],
    robox: ['MAS-TK-20'],
    related: ['riviera-chair', 'riviera-table'],
    downloads: ['care'],
  },
  // ---- Textiel
  {
    key: 'nordic-waves',
    nl: 'Tapijt Nordic Waves',
    en: 'Nordic Waves carpet',
    descNl:
      'Axminster-tapijt van 80% wol met een golvend ruitpatroon in zee- en zandtinten. Geweven op maat van de ruimte, tot 5 meter breed zonder naad.',
    descEn:
      'Axminster carpet in 80% wool with a wave-like diamond pattern in sea and sand tones. Woven to the room, up to 5 metres wide without a seam.',
    render: { kind: 'carpet', primary: '#2f4d5e', secondary: '#d8c7a3', accent: '#88a9b5' },
    gallery: [0, 1, 2],
    type: 'Tapijt',
    categories: ['Textiel', 'Vloeren'],
    areas: ['Hutten', 'Lobby & atrium', 'Theater'],
    features: ['IMO FTP-gecertificeerd', 'Geluidsabsorberend', 'Maatwerk'],
    preferences: ['Nautisch', 'Scandinavisch'],
    materials: ['Wol'],
    suppliers: ['Brabantse Tapijtweverij'],
    article: ['Axminster tapijt', 'Vloerkleed'],
    related: ['horizon', 'serenity'],
    carousel: true,
    downloads: ['imo', 'care'],
  },
  {
    key: 'deco-fan',
    nl: 'Tapijt Deco Fan',
    en: 'Deco Fan carpet',
    descNl: 'Vloerkleed met een art-deco waaiermotief in goud en petrol, met de hand getuft in Nieuw-Zeelandse wol.',
    descEn: 'Rug with an art deco fan motif in gold and petrol, hand tufted in New Zealand wool.',
    render: { kind: 'carpet', primary: '#1d4f56', secondary: '#c49a45', accent: '#e7d9b8' },
    gallery: [0, 2],
    type: 'Tapijt',
    categories: ['Textiel'],
    areas: ['Suites', 'Bar & lounge'],
    features: ['Maatwerk'],
    preferences: ['Art deco'],
    materials: ['Wol'],
    suppliers: ['Brabantse Tapijtweverij'],
    article: ['Vloerkleed'],
    related: ['gatsby-club', 'deco-channel'],
    downloads: ['care'],
  },
  {
    key: 'boucle-sand',
    nl: 'Meubelstof Bouclé Sand',
    en: 'Bouclé Sand upholstery fabric',
    descNl:
      'Bouclé meubelstof in vier zandtinten, brandvertragend volgens IMO FTP deel 8 en met 100.000 Martindale-toeren geschikt voor intensief gebruik.',
    descEn:
      'Bouclé upholstery fabric in four sand tones, fire retardant to IMO FTP part 8 and rated at 100,000 Martindale rubs for heavy use.',
    render: { kind: 'swatch', primary: '#d8c7a8', secondary: '#b9a582', accent: '#8c7a62' },
    gallery: [0, 2],
    type: 'Meubelstof',
    categories: ['Textiel'],
    areas: ['Lobby & atrium', 'Bar & lounge', 'Suites'],
    features: ['IMO FTP-gecertificeerd', 'Brandvertragend', 'Onderhoudsvriendelijk'],
    preferences: ['Japandi', 'Scandinavisch'],
    materials: ['Bouclé', 'Wol'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Meubelstof'],
    related: ['horizon'],
    downloads: ['imo', 'care'],
  },
  {
    key: 'linen-dimout',
    nl: 'Gordijnstof Linnen dim-out',
    en: 'Linen dim-out curtain fabric',
    descNl:
      'Linnenlook gordijnstof met een dim-out coating die 95% van het licht tegenhoudt. Wasbaar op 40 °C en permanent brandvertragend.',
    descEn:
      'Linen-look curtain fabric with a dim-out coating that blocks 95% of light. Washable at 40 °C and permanently fire retardant.',
    render: { kind: 'swatch', primary: '#e6dfd2', secondary: '#9fa7a3', accent: '#5d6b70' },
    gallery: [0, 2],
    type: 'Gordijnstof',
    categories: ['Textiel'],
    areas: ['Hutten', 'Hotelkamers', 'Suites'],
    features: ['Brandvertragend', 'Onderhoudsvriendelijk'],
    preferences: ['Scandinavisch', 'Japandi'],
    materials: ['Linnen'],
    suppliers: ['Nordhavn Upholstery'],
    article: ['Gordijnstof'],
    related: ['serenity'],
    downloads: ['imo', 'care'],
  },
  // ---- Beslag
  {
    key: 'brass-bar',
    nl: 'Staafgreep Messing',
    en: 'Brass bar handle',
    descNl:
      'Massief messing staafgreep met een geborstelde afwerking die mooi patineert. Leverbaar in 128, 192 en 320 mm hart-op-hart.',
    descEn: 'Solid brass bar handle with a brushed finish that patinates beautifully. In 128, 192 and 320 mm centres.',
    render: { kind: 'handle', primary: '#6b4a32', secondary: '#c49a45' },
    gallery: [0, 2],
    type: 'Meubelbeslag',
    categories: ['Beslag'],
    areas: ['Hutten', 'Suites', 'Hotelkamers'],
    features: ['Onderhoudsvriendelijk'],
    preferences: ['Modern klassiek', 'Art deco'],
    materials: ['Messing'],
    suppliers: ['Messing & Co Beslag'],
    article: ['Staafgreep'],
    related: ['cabin-line', 'deco-knob'],
    downloads: ['cad'],
  },
  {
    key: 'deco-knob',
    nl: 'Meubelgreep Deco RVS',
    en: 'Deco stainless steel handle',
    descNl: 'Greep van RVS 316 voor natte ruimtes en buitenkasten, roestvrij ook in zeelucht. Met verdekte M4-bevestiging.',
    descEn: 'Stainless steel 316 handle for wet areas and outdoor cabinets, rust free even in sea air. With concealed M4 fixing.',
    render: { kind: 'handle', primary: '#2f3437', secondary: '#c9ced1' },
    gallery: [0, 2],
    type: 'Meubelbeslag',
    categories: ['Beslag'],
    areas: ['Spa', 'Zwembaddek', 'Hutten'],
    features: ['Vochtbestendig', 'Buitengeschikt'],
    preferences: ['Industrieel', 'Nautisch'],
    materials: ['RVS'],
    suppliers: ['Messing & Co Beslag'],
    robox: ['RVS-15-GB'],
    article: ['Knop', 'Profielgreep'],
    related: ['brass-bar', 'suite-minibar'],
    downloads: ['cad'],
  },
];

/** The overall manual order: a mix across categories, so the first page of the catalogue shows the range. */
const OVERALL_ORDER = [
  'havana-3',
  'serenity',
  'lumen-dome',
  'fluted-oak',
  'nordic-oak',
  'cabin-line',
  'nordic-waves',
  'marmo',
  'horizon',
  'atlantic',
  'walnut-wave',
  'porthole',
  'atrium-desk',
  'riviera-chair',
  'gatsby-club',
  'deco-channel',
  'herringbone',
  'nordic-table',
  'aurora-floor',
  'havana-fauteuil',
  'havana-2',
  'fjord',
  'atoll',
  'silence',
  'boucle-sand',
  'bridge-lamp',
  'suite-minibar',
  'gatsby-side',
  'teak-deck',
  'riviera-table',
  'serenity-king',
  'linear-ceiling',
  'deco-fan',
  'nordic-oak-arm',
  'nordic-oak-stool',
  'bosun',
  'coral-pouf',
  'linen-dimout',
  'brass-bar',
  'deco-knob',
];

const DOWNLOADS: Record<'care' | 'imo' | 'cad', (slug: string) => Download> = {
  care: (slug) => ({ title: 'Onderhoudsadvies', link: `https://www.example.com/downloads/onderhoud/${slug}.pdf` }),
  imo: (slug) => ({ title: 'IMO FTP-certificaat', link: `https://www.example.com/downloads/certificaten/${slug}-imo-ftp.pdf` }),
  cad: (slug) => ({ title: 'CAD-bestand (DWG)', link: `https://www.example.com/downloads/cad/${slug}.dwg` }),
};

export interface CatalogueDemoResult {
  attributes: number;
  roboxCategories: number;
  roboxMaterials: number;
  products: number;
  productsFromArticles: number;
  images: number;
  ms: number;
}

interface Logger {
  info(obj: object, msg?: string): void;
}

interface StoredImage {
  key: string;
  originalName: string;
  size: number;
  width: number;
  height: number;
}

/** Runs fn over items with at most `limit` at a time, keeping the order of the results. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Renders one image and stores it the way an upload is stored: the cleaned original and its 400/1600 px WebP versions. */
async function storeRender(storage: FileStorage, spec: RenderSpec, name: string): Promise<StoredImage> {
  const jpeg = await renderProductImage(spec, 'jpeg');
  const img = await processImage(jpeg, 'image/jpeg');
  const key = storage.newKey();
  await Promise.all([
    storage.write(key, img.original),
    storage.write(`${key}.thumb.webp`, img.thumb),
    storage.write(`${key}.large.webp`, img.large),
  ]);
  return { key, originalName: name, size: img.original.length, width: img.width, height: img.height };
}

/** What to render for one product: its gallery shots and the extra images it carries. */
function imagePlan(p: ProductSpec) {
  const base = { kind: p.render.kind, primary: p.render.primary, secondary: p.render.secondary, accent: p.render.accent };
  const slug = slugify(p.nl);
  const plan: { role: 'gallery' | 'carousel' | 'header' | 'tearsheet' | 'extended'; spec: RenderSpec; name: string }[] = [];
  for (const [i, view] of p.gallery.entries())
    plan.push({ role: 'gallery', spec: { ...base, view }, name: `${slug}-${i + 1}.jpg` });
  if (p.carousel) {
    plan.push({ role: 'carousel', spec: { ...base, view: 3 }, name: `${slug}-sfeer-1.jpg` });
    plan.push({ role: 'carousel', spec: { ...base, view: 1 }, name: `${slug}-sfeer-2.jpg` });
  }
  if (p.header) plan.push({ role: 'header', spec: { ...base, view: 0, format: 'header' }, name: `${slug}-header.jpg` });
  if (p.tearsheet)
    plan.push({ role: 'tearsheet', spec: { ...base, view: 0, format: 'tearsheet' }, name: `${slug}-tearsheet.jpg` });
  if (p.extended) plan.push({ role: 'extended', spec: { ...base, view: 2 }, name: `${slug}-detail.jpg` });
  return plan;
}

/** Picks, per product, an unused live ERP article whose name starts with one of its prefixes (lowest id first). */
function matchArticles<T extends { key: string; article?: string[] | undefined }>(
  specs: readonly T[],
  rows: { id: number; name: string }[],
): Map<string, number> {
  const used = new Set<number>();
  const out = new Map<string, number>();
  for (const s of specs) {
    for (const prefix of s.article ?? []) {
      const want = `${prefix.toLowerCase()} `;
      const hit = rows.find((r) => !used.has(r.id) && `${r.name.toLowerCase()} `.startsWith(want));
      if (hit) {
        used.add(hit.id);
        out.set(s.key, hit.id);
        break;
      }
    }
  }
  return out;
}

/**
 * Loads the demo catalogue into an empty catalogue (nothing happens when products or attributes
 * exist). Products are made from existing ERP articles where a fitting one exists, else stand
 * alone. Images are rendered and stored first; every row goes in one transaction.
 */
export async function seedCatalogueDemo(p: { db: Database; storage: FileStorage; log?: Logger }): Promise<CatalogueDemoResult> {
  const started = Date.now();
  const { db, storage } = p;
  const empty: CatalogueDemoResult = {
    attributes: 0,
    roboxCategories: 0,
    roboxMaterials: 0,
    products: 0,
    productsFromArticles: 0,
    images: 0,
    ms: 0,
  };
  const existing = await db.orm.execute(
    sql`SELECT (SELECT count(*) FROM products)::int + (SELECT count(*) FROM attributes)::int AS n`,
  );
  if (((existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) > 0) {
    p.log?.info({ event: 'demo.catalogue.skipped' }, 'demo catalogue not loaded: the catalogue is not empty');
    return empty;
  }

  // Renders first, outside the transaction: two at a time keeps both cores busy without starving the process.
  const plans = PRODUCTS.map((spec) => imagePlan(spec));
  const flat = plans.flatMap((plan, pi) => plan.map((item) => ({ ...item, pi })));
  const stored = await mapLimit(flat, 2, (item) => storeRender(storage, item.spec, item.name));

  const liveArticles = await db.orm
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(isNull(articles.deletedAt))
    .orderBy(articles.id);
  const productArticles = matchArticles(PRODUCTS, liveArticles);
  const roboxArticles = matchArticles(
    ROBOX.map((r) => ({ key: r.code, article: r.article })),
    liveArticles.filter((a) => ![...productArticles.values()].includes(a.id)),
  );

  const now = new Date();
  const result = await db.orm.transaction(async (tx) => {
    // Media rows, in plan order.
    const mediaRows = await tx
      .insert(media)
      .values(
        stored.map((s) => ({
          storageKey: s.key,
          originalName: s.originalName,
          mime: 'image/jpeg',
          size: s.size,
          width: s.width,
          height: s.height,
          createdAt: now,
        })),
      )
      .returning({ id: media.id });
    const mediaIds = mediaRows.map((r) => r.id);

    // Attributes.
    const attributeId = new Map<string, number>();
    const addKind = async (kind: AttributeKind, list: Names[], typeGroupId: number | null = null) => {
      const rows = await tx
        .insert(attributes)
        .values(list.map(([nameNl, nameEn]) => ({ kind, nameNl, nameEn, typeGroupId, createdAt: now, updatedAt: now })))
        .returning({ id: attributes.id, nameNl: attributes.nameNl });
      for (const r of rows) attributeId.set(`${kind}:${r.nameNl}`, r.id);
      return rows.length;
    };
    let attributeCount = 0;
    attributeCount += await addKind('areas', AREAS);
    attributeCount += await addKind('categories', CATEGORIES);
    attributeCount += await addKind('features', FEATURES);
    attributeCount += await addKind('preferences', PREFERENCES);
    attributeCount += await addKind('suppliers', SUPPLIERS);
    attributeCount += await addKind('materials', MATERIALS);
    attributeCount += await addKind(
      'type-groups',
      TYPE_GROUPS.map((g) => g.names),
    );
    for (const g of TYPE_GROUPS)
      attributeCount += await addKind('types', g.types, attributeId.get(`type-groups:${g.names[0]}`) ?? null);
    const attr = (kind: AttributeKind, name: string): number => {
      const id = attributeId.get(`${kind}:${name}`);
      if (id === undefined) throw new Error(`demo catalogue: no ${kind} '${name}'`);
      return id;
    };

    // Robox.
    const categoryRows = await tx
      .insert(roboxMaterialCategories)
      .values(ROBOX_CATEGORIES.map((c, i) => ({ ...c, sortOrder: (i + 1) * 10, createdAt: now, updatedAt: now })))
      .returning({ id: roboxMaterialCategories.id, name: roboxMaterialCategories.name });
    const roboxCategoryId = new Map(categoryRows.map((r) => [r.name, r.id]));
    const materialRows = await tx
      .insert(roboxMaterials)
      .values(
        ROBOX.map((r) => ({
          name: r.name,
          code: r.code,
          categoryId: roboxCategoryId.get(r.category) ?? null,
          thicknessMm: r.thickness,
          sheetLengthMm: r.sheet?.[0] ?? null,
          sheetWidthMm: r.sheet?.[1] ?? null,
          colourFinish: r.finish,
          supplierId: attr('suppliers', r.supplier),
          articleId: roboxArticles.get(r.code) ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: roboxMaterials.id, code: roboxMaterials.code });
    const roboxId = new Map(materialRows.map((r) => [r.code, r.id]));

    // Products, in the overall manual order.
    const position = new Map(OVERALL_ORDER.map((k, i) => [k, i]));
    let cursor = 0;
    const mediaFor = PRODUCTS.map((_, pi) => {
      const plan = plans[pi] ?? [];
      const mine = plan.map((item, i) => ({ role: item.role, id: mediaIds[cursor + i] as number }));
      cursor += plan.length;
      return mine;
    });
    const productRows = await tx
      .insert(products)
      .values(
        PRODUCTS.map((s, pi) => {
          const mine = mediaFor[pi] ?? [];
          const one = (role: string) => mine.find((m) => m.role === role)?.id ?? null;
          const slug = slugify(s.nl);
          return {
            articleId: productArticles.get(s.key) ?? null,
            slug,
            nameNl: s.nl,
            nameEn: s.en,
            descriptionNl: s.descNl,
            descriptionEn: s.descEn,
            published: true,
            publishedAt: now,
            sortOrder: position.get(s.key) ?? OVERALL_ORDER.length + pi,
            tearsheetMediaId: one('tearsheet'),
            headerMediaId: one('header'),
            extendedMediaId: one('extended'),
            extendedVideoUrl: s.video ?? null,
            downloads: [
              { title: 'Productblad', link: `https://www.example.com/downloads/productbladen/${slug}.pdf` },
              ...(s.downloads ?? []).map((d) => DOWNLOADS[d](slug)),
            ],
            featuredProject: s.featured ?? null,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .returning({ id: products.id });
    const productId = new Map(PRODUCTS.map((s, i) => [s.key, productRows[i]?.id as number]));
    const pid = (key: string): number => {
      const id = productId.get(key);
      if (id === undefined) throw new Error(`demo catalogue: no product '${key}'`);
      return id;
    };

    // Parents, media, attributes, robox, relations.
    for (const s of PRODUCTS) {
      if (s.parent)
        await tx
          .update(products)
          .set({ parentId: pid(s.parent) })
          .where(sql`${products.id} = ${pid(s.key)}`);
    }
    await tx.insert(productMedia).values(
      PRODUCTS.flatMap((s, pi) => {
        const mine = mediaFor[pi] ?? [];
        return (['gallery', 'carousel'] as const).flatMap((role) =>
          mine.filter((m) => m.role === role).map((m, position) => ({ productId: pid(s.key), mediaId: m.id, role, position })),
        );
      }),
    );
    await tx.insert(productAttributes).values(
      PRODUCTS.flatMap((s) => {
        const list = [
          ...s.areas.map((n) => attr('areas', n)),
          ...s.categories.map((n) => attr('categories', n)),
          ...s.features.map((n) => attr('features', n)),
          ...s.preferences.map((n) => attr('preferences', n)),
          ...s.materials.map((n) => attr('materials', n)),
          ...s.suppliers.map((n) => attr('suppliers', n)),
          attr('types', s.type),
        ];
        return [...new Set(list)].map((attributeId) => ({ productId: pid(s.key), attributeId }));
      }),
    );
    const roboxLinks = PRODUCTS.flatMap((s) =>
      (s.robox ?? []).map((code) => {
        const id = roboxId.get(code);
        if (id === undefined) throw new Error(`demo catalogue: no robox material '${code}'`);
        return { productId: pid(s.key), roboxMaterialId: id };
      }),
    );
    if (roboxLinks.length) await tx.insert(productRoboxMaterials).values(roboxLinks);
    const relations = PRODUCTS.flatMap((s) =>
      (s.related ?? []).map((r, position) => ({ productId: pid(s.key), relatedId: pid(r), position })),
    );
    if (relations.length) await tx.insert(productRelations).values(relations);

    // Per-category orders: the catalogue's grouping above (families together, the lead product first).
    await tx.insert(productCategoryOrder).values(
      CATEGORIES.flatMap(([name]) => {
        const categoryId = attr('categories', name);
        return PRODUCTS.filter((s) => s.categories.includes(name)).map((s, position) => ({
          categoryId,
          productId: pid(s.key),
          position,
        }));
      }),
    );

    return {
      attributes: attributeCount,
      roboxCategories: categoryRows.length,
      roboxMaterials: materialRows.length,
      products: productRows.length,
      productsFromArticles: productArticles.size,
      images: mediaIds.length,
    };
  });
  const out = { ...result, ms: Date.now() - started };
  p.log?.info({ event: 'demo.catalogue.loaded', ...out }, 'demo catalogue loaded');
  return out;
}

/** The product keys and counts, for tests: what the demo promises. */
export const DEMO_CATALOGUE = {
  products: PRODUCTS.length,
  roboxMaterials: ROBOX.length,
  roboxCategories: ROBOX_CATEGORIES.length,
  attributes:
    AREAS.length +
    CATEGORIES.length +
    FEATURES.length +
    PREFERENCES.length +
    SUPPLIERS.length +
    MATERIALS.length +
    TYPE_GROUPS.length +
    TYPE_GROUPS.reduce((n, g) => n + g.types.length, 0),
  images: PRODUCTS.reduce((n, s) => n + imagePlan(s).length, 0),
  overallOrder: OVERALL_ORDER,
  categories: CATEGORIES.map(([nl]) => nl),
};
