import type { Attribute } from '@app/shared/products/attributes';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { AttributeArchivePage } from './AttributeArchivePage';

const notify = mockNotify();

const attribute = (over: Partial<Attribute>): Attribute => ({
  id: 1,
  kind: 'categories',
  nameNl: 'Zitmeubelen',
  nameEn: 'Seating',
  typeGroupId: null,
  typeGroupNameNl: null,
  productsCount: 0,
  usesCount: 0,
  version: 1,
  updatedAt: '2026-01-05T09:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

// Loaded while still unused: its products came after, so the server refuses the delete itself.
const seating = attribute({ id: 5, nameNl: 'Zitmeubelen', productsCount: 12, version: 4 });
const lighting = attribute({ id: 6, nameNl: 'Verlichting', nameEn: '', productsCount: 0, version: 2 });

function openArchive(o: { kind?: string; onDelete?: FetchHandler; onCreate?: FetchHandler; rows?: Attribute[] } = {}) {
  let rows = o.rows ?? [seating, lighting];
  const f = mockFetch((req) => {
    if (req.path === `/api/attributes/${o.kind ?? 'categories'}` && req.method === 'GET') {
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    if (req.path === `/api/attributes/${o.kind ?? 'categories'}` && req.method === 'POST') {
      return o.onCreate?.(req) ?? json(201, { data: attribute({ id: 9, ...(req.body as object) }) });
    }
    if (req.method === 'DELETE') {
      const res = o.onDelete?.(req) ?? noContent();
      if (res instanceof Response && res.ok) rows = rows.filter((r) => !req.path.endsWith(`/${r.id}`));
      return res;
    }
    if (req.path === '/api/attributes/options') return json(200, { data: [] });
    return undefined;
  });
  const view = renderWithProviders(<AttributeArchivePage />, {
    path: '/attributes/:kind',
    url: `/attributes/${o.kind ?? 'categories'}`,
  });
  return { ...view, f };
}

const confirmDelete = async (user: ReturnType<typeof openArchive>['user']) => {
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
};

beforeEach(() => setXsrfCookie('tok'));

describe('AttributeArchivePage', () => {
  it("lists one kind's values under its own title, with the products using each", async () => {
    const { f } = openArchive();
    expect(await screen.findByRole('heading', { name: 'Categorieën' })).toBeInTheDocument();
    await screen.findByText('Verlichting');
    const rows = within(screen.getByRole('table', { name: 'Categorieën' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]?.textContent)).toEqual(['Zitmeubelen', 'Verlichting']);
    expect(within(rows[0] as HTMLElement).getByText('12')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Zelfde als Nederlands')).toBeInTheDocument();
    expect(Object.fromEntries(f.to('/api/attributes/categories')[0]?.query ?? [])).toEqual({
      page: '1',
      perPage: '25',
      sort: 'name',
    });
  });

  it('refuses to delete a value in use and says how many products use it', async () => {
    const { user, f } = openArchive({
      onDelete: () => apiError(409, 'ATTRIBUTE_IN_USE', { details: { count: 12, products: 12 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Zitmeubelen verwijderen' }));
    await confirmDelete(user);

    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Zitmeubelen wordt nog gebruikt door 12 producten en kan niet worden verwijderd. Haal het eerst bij die producten weg.',
      ),
    );
    expect(f.to('/api/attributes/categories/5', 'DELETE')[0]?.url).toBe('/api/attributes/categories/5?version=4');
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByText('Zitmeubelen')).toBeInTheDocument();
  });

  it('names the types still in a type group that cannot be deleted', async () => {
    const { user } = openArchive({
      kind: 'type-groups',
      onDelete: () => apiError(409, 'ATTRIBUTE_IN_USE', { details: { count: 1, types: 1 } }),
    });
    expect(await screen.findByRole('heading', { name: 'Typegroepen' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Zitmeubelen verwijderen' }));
    await confirmDelete(user);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Zitmeubelen bevat nog 1 type en kan niet worden verwijderd. Verplaats of verwijder dat type eerst.',
      ),
    );
  });

  it('offers no delete for a value the server says is in use, and says why with the count', async () => {
    const used = attribute({
      id: 7,
      nameNl: 'Tafels',
      productsCount: 3,
      usesCount: 3,
      abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ATTRIBUTE_IN_USE' } },
    });
    const { user } = openArchive({ rows: [used, lighting] });
    const remove = await screen.findByRole('button', { name: 'Tafels verwijderen' });
    const why = 'Tafels wordt nog gebruikt door 3 producten en kan niet worden verwijderd. Haal het eerst bij die producten weg.';
    // Looks disabled, yet stays in the Tab order so a keyboard or screen-reader user learns why.
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(why);
    expect(screen.getByRole('button', { name: 'Verlichting verwijderen' })).not.toHaveAttribute('aria-disabled');
    await user.hover(remove);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(why);
  });

  it('asks before a modal with unsaved changes is closed, and keeps them when asked to', async () => {
    const { user } = openArchive();
    await user.click((await screen.findAllByRole('button', { name: 'Toevoegen' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Toevoegen aan Categorieën' });
    const name = within(dialog).getByLabelText(/Naam \(Nederlands\)/);
    await user.type(name, 'Bedden');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));

    const ask = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(ask).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Toevoegen aan Categorieën' })).toBeInTheDocument();
    expect(name).toHaveValue('Bedden');

    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    const again = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(again).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Toevoegen aan Categorieën' })).not.toBeInTheDocument());
  });

  it('closes a modal without changes at once', async () => {
    const { user } = openArchive();
    await user.click((await screen.findAllByRole('button', { name: 'Toevoegen' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Toevoegen aan Categorieën' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes an unused value after confirmation', async () => {
    const { user, f } = openArchive();
    await user.click(await screen.findByRole('button', { name: 'Verlichting verwijderen' }));
    await confirmDelete(user);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verlichting is verwijderd.'));
    expect(f.to('/api/attributes/categories/6', 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('Verlichting')).not.toBeInTheDocument());
  });

  it('adds a value in a modal and shows a taken name on the field', async () => {
    const { user, f } = openArchive({
      onCreate: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { nameNl: { code: 'name_taken' } } }),
    });
    await user.click((await screen.findAllByRole('button', { name: 'Toevoegen' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Toevoegen aan Categorieën' });
    await user.type(within(dialog).getByLabelText(/Naam \(Nederlands\)/), 'Zitmeubelen');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Deze naam staat al in deze lijst.')).toBeInTheDocument();
    expect(f.to('/api/attributes/categories', 'POST')[0]?.body).toEqual({ nameNl: 'Zitmeubelen', nameEn: '', typeGroupId: null });
  });

  it('shows the not-found page for an unknown kind', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<AttributeArchivePage />, { path: '/attributes/:kind', url: '/attributes/colours' });
    expect(await screen.findByText('Pagina niet gevonden')).toBeInTheDocument();
  });
});
