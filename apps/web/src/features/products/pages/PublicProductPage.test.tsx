import type { PublicProduct } from '@app/shared/products/products';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { PublicProductPage } from './PublicProductPage';

const img = (id: number) => ({
  thumbUrl: `/api/media/${id}/thumb`,
  largeUrl: `/api/media/${id}/large`,
  width: 1600,
  height: 1200,
});
const ref = (id: number, nameNl: string, nameEn = '') => ({
  id,
  slug: nameNl.toLowerCase().replace(/ /g, '-'),
  nameNl,
  nameEn,
  thumbUrl: `/api/media/${id}9/thumb`,
  largeUrl: `/api/media/${id}9/large`,
});

const product: PublicProduct = {
  id: 7,
  slug: 'stoel-nordic',
  nameNl: 'Stoel Nordic',
  nameEn: 'Nordic chair',
  descriptionNl:
    'Een stevige stoel.\nMet armleuningen.\n\nGeschikt voor <b>hutten</b>.<script>alert(1)</script><img src=x onerror="alert(2)">',
  descriptionEn: '',
  gallery: [img(1), img(2), img(3)],
  carousel: [img(2), img(4)],
  headerImage: null,
  tearsheet: img(8),
  extendedImage: img(9),
  extendedVideoUrl: 'https://video.example/watch?v=1',
  attributes: {
    areas: [{ id: 1, kind: 'areas', nameNl: 'Hut', nameEn: 'Cabin' }],
    categories: [{ id: 3, kind: 'categories', nameNl: 'Stoelen', nameEn: 'Chairs' }],
    features: [],
    materials: [{ id: 9, kind: 'materials', nameNl: 'Eiken', nameEn: 'Oak' }],
    preferences: [],
  },
  downloads: [
    { title: 'Montagehandleiding', link: 'https://files.example/montage.pdf' },
    { title: 'Kwaadaardig', link: 'javascript:alert(1)' },
  ],
  related: [ref(21, 'Tafel Eiland', 'Island table'), ref(22, 'Kruk Bar')],
  parents: [ref(31, 'Set Nordic', 'Nordic set'), ref(32, 'Collectie Scandinavië')],
  featuredProject: {
    header: 'Uitgelicht',
    subtitle: 'MS Aurora, 2024',
    title: 'Hutten van de Aurora',
    description: '120 hutten ingericht.',
    link: 'https://projects.example/aurora',
  },
};

function openProduct(id = '7', answer: () => Response = () => json(200, { data: product })) {
  const f = mockFetch((req) => {
    if (req.path === `/api/public/products/${id}`) return answer();
    return undefined;
  });
  const view = renderWithProviders(<PublicProductPage />, { path: '/public/products/:productId', url: `/public/products/${id}` });
  return { ...view, f };
}

const mainImage = () => screen.getByRole('group', { name: /afbeelding \d van 4/ });

describe('PublicProductPage', () => {
  it('shows the name, the description as plain paragraphs, the attributes, downloads and video', async () => {
    openProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' })).toBeInTheDocument();
    const description = screen.getByTestId('product-description');
    const paras = within(description).getAllByText(/./, { selector: 'p' });
    expect(paras.map((p) => p.textContent)).toEqual([
      'Een stevige stoel.\nMet armleuningen.',
      'Geschikt voor <b>hutten</b>.<script>alert(1)</script><img src=x onerror="alert(2)">',
    ]);

    // Attribute chips open the catalogue filtered on that value.
    expect(screen.getByRole('link', { name: 'Hut' })).toHaveAttribute('href', '/public/products?areas=1');
    expect(screen.getByRole('link', { name: 'Eiken' })).toHaveAttribute('href', '/public/products?materials=9');
    expect(screen.getByText('Ruimtes')).toBeInTheDocument();
    expect(screen.queryByText('Kenmerken')).not.toBeInTheDocument();

    const manual = screen.getByRole('link', { name: 'Montagehandleiding' });
    expect(manual).toHaveAttribute('href', 'https://files.example/montage.pdf');
    expect(manual).toHaveAttribute('target', '_blank');
    expect(manual).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText('Kwaadaardig')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Productblad' })).toHaveAttribute('href', '/api/media/8/large');

    const video = screen.getByRole('link', { name: 'Video bekijken' });
    expect(video).toHaveAttribute('href', 'https://video.example/watch?v=1');
    expect(video).toHaveAttribute('rel', 'noopener noreferrer');
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('renders no HTML from the description', async () => {
    openProduct();
    const description = await screen.findByTestId('product-description');
    expect(description.querySelector('b, script, img')).toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('shows the parents nearest first, the featured project and the related products', async () => {
    openProduct();
    const parents = await screen.findByTestId('product-parents');
    expect(parents).toHaveTextContent('Onderdeel van: Set Nordic, Collectie Scandinavië');
    const links = within(parents).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/public/products/31', '/public/products/32']);

    const featured = screen.getByRole('region', { name: 'Hutten van de Aurora' });
    expect(within(featured).getByText('MS Aurora, 2024')).toBeInTheDocument();
    expect(within(featured).getByText('120 hutten ingericht.')).toBeInTheDocument();
    const projectLink = within(featured).getByRole('link', { name: /Bekijk het project/ });
    expect(projectLink).toHaveAttribute('href', 'https://projects.example/aurora');
    expect(projectLink).toHaveAttribute('rel', 'noopener noreferrer');

    const related = screen.getByTestId('related-products');
    expect(
      within(related)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Tafel Eiland', '/public/products/21'],
      ['Kruk Bar', '/public/products/22'],
    ]);
  });

  it('shows everything in English, falling back to Dutch where a text has no English version', async () => {
    await setTestLanguage('en');
    openProduct();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic chair' })).toBeInTheDocument();
    // No English description: the Dutch one.
    expect(screen.getByTestId('product-description')).toHaveTextContent('Een stevige stoel.');
    expect(screen.getByTestId('product-parents')).toHaveTextContent('Part of: Nordic set, Collectie Scandinavië');
    expect(screen.getByRole('link', { name: 'Cabin' })).toBeInTheDocument();
    const related = screen.getByTestId('related-products');
    expect(
      within(related)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Island table', 'Kruk Bar']);
    await waitFor(() => expect(document.title).toBe('Nordic chair · Outfitting Portal'));
  });

  it('sets the document title to the product name', async () => {
    openProduct();
    await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' });
    await waitFor(() => expect(document.title).toBe('Stoel Nordic · Outfitting Portal'));
  });

  it('walks the gallery with the arrow keys, Home and End, the buttons and the thumbnails', async () => {
    const { user } = openProduct();
    await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' });
    // The gallery, then the carousel images it does not hold yet: 1, 2, 3, 4.
    const stage = mainImage();
    const shown = () => stage.querySelector('img')?.getAttribute('src');
    expect(shown()).toBe('/api/media/1/large');
    expect(stage.querySelector('img')).toHaveAttribute('srcset', '/api/media/1/thumb 400w, /api/media/1/large 1600w');
    expect(stage.querySelector('img')).toHaveAttribute('width', '1600');

    stage.focus();
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('/api/media/2/large');
    expect(stage).toHaveAccessibleName('Stoel Nordic, afbeelding 2 van 4');
    await user.keyboard('{End}');
    expect(shown()).toBe('/api/media/4/large');
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('/api/media/1/large');
    await user.keyboard('{ArrowLeft}');
    expect(shown()).toBe('/api/media/4/large');
    await user.keyboard('{Home}');
    expect(shown()).toBe('/api/media/1/large');

    await user.click(screen.getByRole('button', { name: 'Volgende afbeelding' }));
    expect(shown()).toBe('/api/media/2/large');
    await user.click(screen.getByRole('button', { name: 'Vorige afbeelding' }));
    expect(shown()).toBe('/api/media/1/large');

    const thumbs = screen.getByRole('list', { name: 'Alle afbeeldingen' });
    const third = within(thumbs).getByRole('button', { name: 'Afbeelding 3 van 4 tonen' });
    await user.click(third);
    expect(shown()).toBe('/api/media/3/large');
    expect(third).toHaveAttribute('aria-current', 'true');
    // On a thumbnail the arrows move the focus along.
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('/api/media/4/large');
    expect(within(thumbs).getByRole('button', { name: 'Afbeelding 4 van 4 tonen' })).toHaveFocus();
  });

  it('turns the image with a sideways swipe, and not with a vertical scroll', async () => {
    openProduct();
    await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' });
    const stage = mainImage();
    const shown = () => stage.querySelector('img')?.getAttribute('src');
    fireEvent.touchStart(stage, { touches: [{ clientX: 300, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200, clientY: 110 }] });
    expect(shown()).toBe('/api/media/2/large');
    fireEvent.touchStart(stage, { touches: [{ clientX: 200, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 150, clientY: 300 }] });
    expect(shown()).toBe('/api/media/2/large');
    fireEvent.touchStart(stage, { touches: [{ clientX: 100, clientY: 100 }] });
    fireEvent.touchEnd(stage, { changedTouches: [{ clientX: 200, clientY: 100 }] });
    expect(shown()).toBe('/api/media/1/large');
  });

  it("shows 'Product niet gevonden' with a way back for an unknown or unpublished product", async () => {
    openProduct('99', () => apiError(404, 'PRODUCT_NOT_FOUND'));
    expect(await screen.findByRole('heading', { name: 'Product niet gevonden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de catalogus' })).toHaveAttribute('href', '/public/products');
    await waitFor(() => expect(document.title).toBe('Product niet gevonden · Outfitting Portal'));
  });

  it("shows 'Product niet gevonden' for an id that cannot exist, without asking the server", async () => {
    const { f } = openProduct('abc');
    expect(await screen.findByRole('heading', { name: 'Product niet gevonden' })).toBeInTheDocument();
    expect(f.requests).toHaveLength(0);
  });

  it('shows an error with a retry for other failures', async () => {
    let fail = true;
    const { user } = openProduct('7', () => (fail ? apiError(500, 'INTERNAL') : json(200, { data: product })));
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('Product niet gevonden')).not.toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' })).toBeInTheDocument();
  });
});
