import type { Permission } from '@app/shared/platform/permissions';
import type { ProductDetail, ProductSave } from '@app/shared/products/products';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { media, productDetail, signIn } from '../testing';
import { ProductEditPage } from './ProductEditPage';

const notify = mockNotify();

const options = [
  { id: 5, kind: 'categories', nameNl: 'Zitmeubelen', nameEn: 'Seating', typeGroupId: null },
  { id: 6, kind: 'categories', nameNl: 'Tafels', nameEn: 'Tables', typeGroupId: null },
  { id: 21, kind: 'areas', nameNl: 'Lobby', nameEn: 'Lobby', typeGroupId: null },
];

function openEditor({
  permissions = ['products.manage', 'inspiration-products.manage'] as Permission[],
  onSave = (req) => {
    const body = req.body as ProductSave;
    return json(200, { data: productDetail({ nameNl: body.nameNl, version: body.version + 1 }) });
  },
  loads = [productDetail()],
}: {
  permissions?: Permission[];
  onSave?: FetchHandler;
  loads?: ProductDetail[];
} = {}) {
  let load = 0;
  const f = mockFetch((req) => {
    if (req.path === '/api/products/7' && req.method === 'GET')
      return json(200, { data: loads[Math.min(load++, loads.length - 1)] });
    if (req.path === '/api/products/7' && req.method === 'PUT') return onSave(req);
    if (req.path === '/api/attributes/options') return json(200, { data: options });
    if (req.path === '/api/robox/materials/options') {
      return json(200, { data: [{ id: 3, name: 'Eikenfineer MDF 18', code: 'EIK-MDF-18' }] });
    }
    if (req.path === '/api/products' && req.method === 'GET') {
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, permissions);
  const view = renderWithProviders(<ProductEditPage />, { path: '/products/:productId', url: '/products/7', queryClient });
  return { ...view, f };
}

const saveButton = () => screen.getByRole('button', { name: 'Opslaan' });

beforeEach(() => setXsrfCookie('tok'));

describe('ProductEditPage', () => {
  it('saves the whole editor state with the version it was loaded at', async () => {
    const { user, f } = openEditor();
    const name = await screen.findByLabelText(/Naam \(Nederlands\)/);
    expect(saveButton()).toBeDisabled();

    // Pasted rather than typed: every keystroke re-renders the whole editor, which jsdom makes slow.
    const fill = async (el: HTMLElement, text: string) => {
      await user.click(el);
      await user.paste(text);
    };
    await user.clear(name);
    await fill(name, 'Loungestoel Nordic XL');
    await user.click(screen.getByRole('button', { name: 'Download toevoegen' }));
    await fill(screen.getAllByLabelText(/^Titel/)[1] as HTMLElement, 'Onderhoud');
    await fill(screen.getAllByLabelText(/^Link/)[1] as HTMLElement, 'https://www.example.com/downloads/onderhoud.pdf');
    await user.click(screen.getByRole('button', { name: 'foto-12.jpg naar voren' }));
    await user.click(screen.getByRole('switch', { name: 'Uitgelicht project tonen' }));
    await fill(screen.getByLabelText('Kop'), 'MS Nordic Star');
    await user.click(saveButton());

    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(1));
    const [put] = f.to('/api/products/7', 'PUT');
    expect(put?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(put?.body).toEqual({
      version: 3,
      nameNl: 'Loungestoel Nordic XL',
      nameEn: 'Lounge chair Nordic',
      descriptionNl: 'Een ruime loungestoel van eiken.',
      descriptionEn: 'A roomy oak lounge chair.',
      published: false,
      parentId: null,
      galleryIds: [12, 11],
      carouselIds: [],
      tearsheetId: null,
      headerImageId: null,
      extendedImageId: null,
      extendedVideoUrl: null,
      attributeIds: { areas: [], categories: [5], features: [], preferences: [], types: [], suppliers: [], materials: [] },
      roboxMaterialIds: [3],
      downloads: [
        { title: 'Productblad', link: 'https://www.example.com/downloads/nordic.pdf' },
        { title: 'Onderhoud', link: 'https://www.example.com/downloads/onderhoud.pdf' },
      ],
      relatedIds: [],
      featuredProject: { header: 'MS Nordic Star', subtitle: '', title: '', description: '', link: '' },
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Product Loungestoel Nordic XL is opgeslagen.'));
  });

  it('sends the new version on the next save, not the one first loaded', async () => {
    const { user, f } = openEditor();
    const name = await screen.findByLabelText(/Naam \(Nederlands\)/);
    await user.click(name);
    await user.paste(' 2');
    await user.click(saveButton());
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    await user.click(screen.getByLabelText(/Naam \(Nederlands\)/));
    await user.paste('3');
    await user.click(saveButton());
    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(2));
    expect(f.to('/api/products/7', 'PUT').map((r) => (r.body as ProductSave).version)).toEqual([3, 4]);
  });

  it('shows the stale banner on 409 and loads the newest version on request', async () => {
    const newer = productDetail({ nameNl: 'Loungestoel Nordic (door Kees)', version: 4 });
    const { user, f } = openEditor({ onSave: () => apiError(409, 'STALE_VERSION'), loads: [productDetail(), newer] });
    await user.type(await screen.findByLabelText(/Naam \(Nederlands\)/), '!');
    await user.click(saveButton());

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
    // Nothing was lost yet: the edit is still there.
    expect(screen.getByLabelText(/Naam \(Nederlands\)/)).toHaveValue('Loungestoel Nordic!');

    await user.click(within(banner).getByRole('button', { name: 'Nieuwste versie laden' }));
    await waitFor(() => expect(screen.getByLabelText(/Naam \(Nederlands\)/)).toHaveValue('Loungestoel Nordic (door Kees)'));
    expect(screen.queryByText('Iemand anders heeft dit intussen gewijzigd')).not.toBeInTheDocument();
    expect(f.to('/api/products/7', 'GET')).toHaveLength(2);
  });

  it('disables the publish switch, with the reason, when the server says the person may not publish', async () => {
    openEditor({
      permissions: ['products.manage'],
      loads: [
        productDetail({ abilities: { canEdit: true, canDelete: true, canPublish: false, reasons: { canPublish: 'FORBIDDEN' } } }),
      ],
    });
    const toggle = await screen.findByRole('switch', { name: /^Gepubliceerd in de inspiratiecatalogus/ });
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/Alleen collega's met het recht 'inspiratieproducten beheren'/)).toBeInTheDocument();
  });

  it('lets someone with inspiration-products.manage publish', async () => {
    const { user, f } = openEditor();
    const toggle = await screen.findByRole('switch', { name: /^Gepubliceerd in de inspiratiecatalogus/ });
    expect(toggle).toBeEnabled();
    await user.click(toggle);
    await user.click(saveButton());
    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(1));
    expect((f.to('/api/products/7', 'PUT')[0]?.body as ProductSave | undefined)?.published).toBe(true);
  });

  it("puts the server's field errors on the fields and names the sections", async () => {
    const { user } = openEditor({
      onSave: () =>
        apiError(400, 'VALIDATION_FAILED', {
          fieldErrors: { 'attributeIds.categories.0': { code: 'invalid' }, parentId: { code: 'parent_cycle' } },
        }),
    });
    await user.type(await screen.findByLabelText(/Naam \(Nederlands\)/), '!');
    await user.click(saveButton());

    expect(
      await screen.findByText('Een product kan niet (via andere producten) zijn eigen hoofdproduct zijn.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Deze waarde is ongeldig.')).toBeInTheDocument();
    expect(screen.getByText('Niet opgeslagen. Er klopt iets niet bij: Algemeen, Kenmerken.')).toBeInTheDocument();
  });

  it('clears the section mark and the problem message as soon as the field is fixed', async () => {
    const { user, f } = openEditor();
    const name = await screen.findByLabelText(/Naam \(Nederlands\)/);
    await user.clear(name);
    await user.click(saveButton());

    expect(await screen.findByText('Niet opgeslagen. Er klopt iets niet bij: Algemeen.')).toBeInTheDocument();
    expect(screen.getByText('Dit veld is verplicht.')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Onderdelen' });
    expect(within(sections).getByRole('link', { name: /^Algemeen/ })).toHaveAttribute('data-active');

    await user.click(name);
    await user.paste('Loungestoel');
    await waitFor(() => expect(screen.queryByText(/Niet opgeslagen\. Er klopt iets niet bij/)).not.toBeInTheDocument());
    expect(screen.queryByText('Dit veld is verplicht.')).not.toBeInTheDocument();
    expect(within(sections).getByRole('link', { name: /^Algemeen/ })).not.toHaveAttribute('data-active');
    expect(f.to('/api/products/7', 'PUT')).toHaveLength(0);
  });

  it('drops the mark of a section whose server error was fixed, and keeps the others', async () => {
    const { user } = openEditor({
      onSave: () =>
        apiError(400, 'VALIDATION_FAILED', {
          fieldErrors: { nameNl: { code: 'too_long', params: { max: 200 } }, 'attributeIds.categories.0': { code: 'invalid' } },
        }),
    });
    const name = await screen.findByLabelText(/Naam \(Nederlands\)/);
    await user.click(name);
    await user.paste('!');
    await user.click(saveButton());
    expect(await screen.findByText('Niet opgeslagen. Er klopt iets niet bij: Algemeen, Kenmerken.')).toBeInTheDocument();

    await user.click(name);
    await user.paste('?');
    expect(await screen.findByText('Niet opgeslagen. Er klopt iets niet bij: Kenmerken.')).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Onderdelen' });
    expect(within(sections).getByRole('link', { name: /^Algemeen/ })).not.toHaveAttribute('data-active');
    expect(within(sections).getByRole('link', { name: /^Kenmerken/ })).toHaveAttribute('data-active');
  });

  it('checks the form before sending: a video link must be https', async () => {
    const { user, f } = openEditor();
    await user.click(await screen.findByLabelText(/Uitgebreide video/));
    await user.paste('http://example.com/film');
    await user.click(saveButton());
    expect(await screen.findByText('Vul een volledige link in (beginnend met https://).')).toBeInTheDocument();
    expect(f.to('/api/products/7', 'PUT')).toHaveLength(0);
  });

  it('links to the catalogue only when published, and shows the tearsheet picker with the gallery to choose from', async () => {
    openEditor({ loads: [productDetail({ published: true, publishedAt: '2026-01-02T10:00:00.000Z', tearsheet: media(12) })] });
    expect(await screen.findByRole('link', { name: /Bekijk in catalogus/ })).toHaveAttribute('href', '/public/products/7');
    expect(screen.getByText(/^Gepubliceerd sinds 02-01-2026 \d\d:00$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kies uit galerij voor Tearsheet' })).toBeEnabled();
  });

  it('warns when the ERP no longer lists the article, and more urgently while the product is published', async () => {
    const gone = { id: 41, sku: 'STL-1042', name: 'Lounge chair Nordic oak', removedAt: '2026-11-20T10:00:00.000Z' };
    const view = openEditor({
      loads: [productDetail({ article: gone, published: true, publishedAt: '2026-01-02T10:00:00.000Z' })],
    });
    expect(await screen.findByText('Het ERP kent dit artikel niet meer')).toBeInTheDocument();
    expect(
      screen.getByText(
        /Artikel STL-1042 staat sinds 20-11-2026 \d\d:00 niet meer in het ERP, maar dit product staat nog in de openbare catalogus/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Niet meer in ERP')).toBeInTheDocument();
    view.unmount();
    openEditor();
    expect(await screen.findByRole('link', { name: /STL-1042/ })).toBeInTheDocument();
    expect(screen.queryByText('Het ERP kent dit artikel niet meer')).not.toBeInTheDocument();
    expect(screen.queryByText('Niet meer in ERP')).not.toBeInTheDocument();
  });
});
