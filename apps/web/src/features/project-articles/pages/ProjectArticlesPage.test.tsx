import type { ProjectArticle, ProjectArticles } from '@app/shared/project-articles/project-articles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { dispositionFileName } from '../api';
import { ProjectArticlesPage } from './ProjectArticlesPage';

const notify = mockNotify();

const lamp: ProjectArticle = {
  kind: 'product',
  id: 7,
  code: 'WL-100',
  name: 'Wandlamp',
  unit: 'stuk',
  total: 3.5,
  lines: 3,
  perArea: [
    { areaId: 11, quantity: 2.5 },
    { areaId: 12, quantity: 1 },
  ],
};
const carpet: ProjectArticle = {
  kind: 'article',
  id: 9,
  code: 'TP-9',
  name: 'Tapijt wol',
  unit: 'm2',
  total: 2.75,
  lines: 2,
  perArea: [{ areaId: 11, quantity: 2.75 }],
};
const full: ProjectArticles = {
  items: [carpet, lamp],
  areas: [
    { id: 11, kind: 'area', number: '5001', name: 'Hut 5001' },
    { id: 12, kind: 'area', number: '5010', name: 'Spa' },
  ],
};

function open(url = '/projects/3/articles', data: ProjectArticles = full, exportResponse?: () => Response) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/projects/3/articles') return json(200, { data: data });
    if (req.path === '/api/projects/3/articles/export' && exportResponse) return exportResponse();
    return undefined;
  });
  const view = renderWithProviders(<ProjectArticlesPage />, { path: '/projects/:projectId/articles', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => {
  setXsrfCookie('tok');
  for (const fn of Object.values(notify)) fn.mockReset();
});

describe('ProjectArticlesPage', () => {
  it('lists the items with their code, total in Dutch notation with the unit, and number of order lines', async () => {
    open();
    await screen.findByText('Wandlamp');
    const table = screen.getByRole('table', { name: 'Artikelen' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Tapijt wol');
    expect(rows[1]).toHaveTextContent('Artikel');
    expect(rows[1]).toHaveTextContent('2,75 m2');
    expect(rows[2]).toHaveTextContent('Wandlamp');
    expect(rows[2]).toHaveTextContent('Product');
    expect(rows[2]).toHaveTextContent('WL-100');
    expect(rows[2]).toHaveTextContent('3,5 stuk');
    expect(
      screen.getByText(/2 producten en artikelen\. Aantallen van subruimtes zijn bij hun ruimte meegeteld\./),
    ).toBeInTheDocument();
  });

  it('sends the sort and search from the URL, and keeps a new sort in the URL', async () => {
    const { f, user, search } = open('/projects/3/articles?sort=-total&q=lamp');
    await screen.findByRole('table', { name: 'Artikelen' });
    const first = f.to('/api/projects/3/articles')[0];
    expect(first?.query.get('sort')).toBe('-total');
    expect(first?.query.get('q')).toBe('lamp');
    await user.click(screen.getByRole('combobox', { name: 'Sorteren' }));
    await user.click(await screen.findByRole('option', { name: 'Code A-Z' }));
    await waitFor(() => expect(search().get('sort')).toBe('code'));
    await waitFor(() => expect(f.to('/api/projects/3/articles').at(-1)?.query.get('sort')).toBe('code'));
  });

  it('opens the quantities per area of one item, sub-areas included, with the total', async () => {
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: '2 ruimtes: aantallen van Wandlamp' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wandlamp per ruimte' });
    const rows = within(dialog).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['RuimteAantal', 'Hut 50012,5 stuk', '5010 · Spa1 stuk', 'Totaal3,5 stuk']);
    expect(within(dialog).getByText('Aantallen van subruimtes zijn bij hun ruimte meegeteld.')).toBeInTheDocument();
  });

  it('says when the project has no order lines yet, and offers no export', async () => {
    open('/projects/3/articles', { items: [], areas: [] });
    expect(await screen.findByText('Nog geen orderregels in dit project')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Excel' })).toBeDisabled();
  });

  it('says when a search finds nothing and clears it', async () => {
    const { user, search } = open('/projects/3/articles?q=zzz', { items: [], areas: full.areas });
    expect(await screen.findByText('Niets gevonden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoekterm wissen' }));
    await waitFor(() => expect(search().get('q')).toBeNull());
  });

  it('empties the search field when clearing, so a later sort does not bring the old search back', async () => {
    const { f, user, search } = open('/projects/3/articles?q=zzz', { items: [], areas: full.areas });
    expect(await screen.findByText('Niets gevonden')).toBeInTheDocument();
    const input = screen.getByRole('textbox', { name: 'Zoek op naam of code' });
    expect(input).toHaveValue('zzz');
    await user.click(screen.getByRole('button', { name: 'Zoekterm wissen' }));
    await waitFor(() => expect(search().get('q')).toBeNull());
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('combobox', { name: 'Sorteren' }));
    await user.click(await screen.findByRole('option', { name: 'Code A-Z' }));
    await waitFor(() => expect(search().get('sort')).toBe('code'));
    expect(search().get('q')).toBeNull();
    await waitFor(() => expect(f.to('/api/projects/3/articles').at(-1)?.query.get('sort')).toBe('code'));
    expect(f.to('/api/projects/3/articles').at(-1)?.query.get('q')).toBeNull();
  });

  it("downloads the CSV with the list's sort and search under the server's file name", async () => {
    // jsdom has no object URLs: lend it two for this test.
    const createObjectURL = vi.fn(() => 'blob:x');
    const urls = URL as unknown as Record<string, unknown>;
    Object.assign(urls, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { f, user } = open('/projects/3/articles?sort=-total', full, () => {
      return new Response('\uFEFFSoort;Code\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="projectartikelen MS _.csv"; filename*=UTF-8''projectartikelen%20MS%20%C3%BC.csv`,
        },
      });
    });
    await screen.findByRole('table', { name: 'Artikelen' });
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('projectartikelen MS ü.csv is gedownload.'));
    const req = f.to('/api/projects/3/articles/export')[0];
    expect(req?.query.get('format')).toBe('csv');
    expect(req?.query.get('sort')).toBe('-total');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
    delete urls.createObjectURL;
    delete urls.revokeObjectURL;
  });

  it('names the error when the export is refused', async () => {
    const { user } = open('/projects/3/articles', full, () => apiError(404, 'PROJECT_NOT_FOUND'));
    await screen.findByRole('table', { name: 'Artikelen' });
    await user.click(screen.getByRole('button', { name: 'Excel' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(notify.error.mock.calls[0]?.[0]).not.toMatch(/^errors\./);
  });

  it('falls back to the general message for an error code the app does not know', async () => {
    const { user } = open('/projects/3/articles', full, () => apiError(500, 'SOMETHING_NEW'));
    await screen.findByRole('table', { name: 'Artikelen' });
    await user.click(screen.getByRole('button', { name: 'CSV' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(notify.error.mock.calls[0]?.[0]).toBe('Er ging iets mis. Probeer het opnieuw.');
  });
});

describe('dispositionFileName', () => {
  it('prefers filename*, then filename, then the fallback', () => {
    expect(dispositionFileName(`attachment; filename="a_.csv"; filename*=UTF-8''a%C3%BC.csv`, 'x')).toBe('aü.csv');
    expect(dispositionFileName('attachment; filename="a.csv"', 'x')).toBe('a.csv');
    expect(dispositionFileName(null, 'x.csv')).toBe('x.csv');
    expect(dispositionFileName(`attachment; filename*=UTF-8''%E0%A4%A`, 'x.csv')).toBe('x.csv');
  });
});
