import type { HistoryEntry } from '@app/shared/history/history';
import { Modal } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch';
import { setTestLanguage } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { HistoryPanel } from './HistoryPanel';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  at: '2026-11-21T13:05:00.000Z',
  op: 'updated',
  source: 'companies',
  sourceId: '7',
  changes: [],
  actor: { name: 'Jan de Vries', actingAs: null },
  event: 'company.updated',
  ...over,
});

const page = (data: HistoryEntry[], current: number, last: number, total: number) =>
  json(200, { data, meta: { current_page: current, last_page: last, per_page: 20, total } });

const URL = '/api/history/company/7';

async function open() {
  const r = renderWithProviders(<HistoryPanel subject="company" id={7} />);
  await r.user.click(screen.getByRole('button', { name: 'Geschiedenis' }));
  return r;
}

describe('HistoryPanel', () => {
  it('asks nothing until it opens, then shows who changed which field, old → new, in words', async () => {
    const fetch = mockFetch((req) =>
      req.path === URL
        ? page(
            [
              entry({
                id: 3,
                changes: [
                  { field: 'city', old: 'Rotterdam', new: 'Vlissingen' },
                  { field: 'deleted_at', old: null, new: null },
                ],
              }),
              entry({
                id: 2,
                op: 'updated',
                actor: { name: 'Jan de Vries', actingAs: 'Nordic Star' },
                changes: [{ field: 'primary_color', old: '#0b3d91', new: '#d4a017' }],
              }),
              entry({ id: 1, op: 'created', actor: null, changes: [{ field: 'name', old: null, new: 'Aurora' }] }),
            ],
            1,
            1,
            3,
          )
        : undefined,
    );
    const r = renderWithProviders(<HistoryPanel subject="company" id={7} />);
    expect(fetch.requests).toHaveLength(0);
    await r.user.click(screen.getByRole('button', { name: 'Geschiedenis' }));
    const items = await screen.findAllByTestId('history-entry');
    expect(fetch.to(URL)[0]?.query.get('page')).toBe('1');
    expect(items).toHaveLength(3);

    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Gewijzigd' })).toBeInTheDocument();
    expect(within(first).getByText('Jan de Vries')).toBeInTheDocument();
    const row = within(first).getByRole('rowheader', { name: 'Plaats' }).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Rotterdam→wordtVlissingen');
    // The exact moment in Amsterdam time, in Dutch.
    expect(first).toHaveTextContent('21 november 2026 om 14:05');

    expect(within(second).getByText('Jan de Vries namens Nordic Star')).toBeInTheDocument();
    expect(within(second).getByRole('rowheader', { name: 'Hoofdkleur' })).toBeInTheDocument();
    expect(second).toHaveTextContent('#0B3D91');

    expect(within(third).getByRole('heading', { name: 'Aangemaakt' })).toBeInTheDocument();
    expect(within(third).getByText('Systeem')).toBeInTheDocument();
    expect(within(third).getByRole('rowheader', { name: 'Naam' })).toBeInTheDocument();
    expect(screen.getByText('3 van 3 wijzigingen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it("names a record's parts: an image added, a right removed, soft deletes as archiving", async () => {
    mockFetch((req) =>
      req.path === '/api/history/product/5'
        ? page(
            [
              entry({ id: 4, op: 'created', source: 'product_media', changes: [{ field: 'role', old: null, new: 'gallery' }] }),
              entry({
                id: 3,
                op: 'deleted',
                source: 'role_permissions',
                changes: [{ field: 'permission', old: 'projects.view', new: null }],
              }),
              entry({ id: 2, op: 'updated', source: 'products', changes: [{ field: 'published', old: false, new: true }] }),
              entry({
                id: 1,
                op: 'updated',
                source: 'companies',
                changes: [{ field: 'deleted_at', old: null, new: '2026-11-20T09:00:00+00:00' }],
              }),
            ],
            1,
            1,
            4,
          )
        : undefined,
    );
    const r = renderWithProviders(<HistoryPanel subject="product" id={5} />);
    await r.user.click(screen.getByRole('button', { name: 'Geschiedenis' }));
    const [media, right, product, archived] = (await screen.findAllByTestId('history-entry')) as HTMLElement[];
    expect(within(media as HTMLElement).getByRole('heading', { name: 'Afbeelding toegevoegd' })).toBeInTheDocument();
    expect(media).toHaveTextContent('Galerij');
    expect(within(right as HTMLElement).getByRole('heading', { name: 'Recht verwijderd' })).toBeInTheDocument();
    expect(right).toHaveTextContent('Projecten bekijken');
    expect(product).toHaveTextContent('Nee→wordtJa');
    expect(within(archived as HTMLElement).getByRole('heading', { name: 'Gearchiveerd' })).toBeInTheDocument();
    expect(archived).toHaveTextContent('20-11-2026 10:00');
  });

  it('loads more pages and appends them', async () => {
    const fetch = mockFetch((req) => {
      if (req.path !== URL) return undefined;
      return req.query.get('page') === '2'
        ? page([entry({ id: 1, changes: [{ field: 'city', old: 'Breda', new: 'Delft' }] })], 2, 2, 21)
        : page(
            Array.from({ length: 20 }, (_, i) =>
              entry({ id: 100 - i, changes: [{ field: 'name', old: `A${i}`, new: `B${i}` }] }),
            ),
            1,
            2,
            21,
          );
    });
    const r = await open();
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(20);
    expect(screen.getByText('20 van 21 wijzigingen')).toBeInTheDocument();
    await r.user.click(screen.getByRole('button', { name: 'Meer laden' }));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(21));
    expect(fetch.to(URL).map((q) => q.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('Delft')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('says so when nothing has been recorded yet', async () => {
    mockFetch((req) => (req.path === URL ? page([], 1, 1, 0) : undefined));
    await open();
    expect(await screen.findByText('Nog geen wijzigingen vastgelegd')).toBeInTheDocument();
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    mockFetch((req) => {
      if (req.path !== URL) return undefined;
      calls += 1;
      return calls === 1
        ? apiError(500, 'INTERNAL')
        : page([entry({ changes: [{ field: 'city', old: 'A', new: 'B' }] })], 1, 1, 1);
    });
    const r = await open();
    const alert = await screen.findByRole('alert');
    await r.user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(1);
  });

  it('cuts a long text (HTML as text) with a toggle, and speaks English', async () => {
    await setTestLanguage('en');
    const long = `<p>${'Lorem ipsum dolor sit amet. '.repeat(10)}</p>`;
    mockFetch((req) =>
      req.path === URL
        ? page(
            [
              entry({
                id: 2,
                source: 'company_posts',
                actor: { name: 'Jan de Vries', actingAs: 'Nordic Star' },
                changes: [
                  { field: 'body_html', old: null, new: long },
                  { field: 'amount_cents', old: 1250, new: 123456 },
                ],
              }),
            ],
            1,
            1,
            1,
          )
        : undefined,
    );
    const r = renderWithProviders(<HistoryPanel subject="company" id={7} />);
    await r.user.click(screen.getByRole('button', { name: 'History' }));
    const [item] = (await screen.findAllByTestId('history-entry')) as HTMLElement[];
    expect(within(item as HTMLElement).getByText('Jan de Vries as Nordic Star')).toBeInTheDocument();
    expect(item).not.toHaveTextContent('<p>');
    expect(item).toHaveTextContent('€12.50');
    expect(item).toHaveTextContent('€1,234.56');
    const toggle = within(item as HTMLElement).getByRole('button', { name: 'show all' });
    expect(item).toHaveTextContent('…');
    await r.user.click(toggle);
    expect(within(item as HTMLElement).getByRole('button', { name: 'show less' })).toBeInTheDocument();
    expect(item).not.toHaveTextContent('…');
  });

  it('closes with Escape without closing the modal it was opened from', async () => {
    mockFetch((req) => (req.path === URL ? page([], 1, 1, 0) : undefined));
    const onClose = vi.fn();
    const r = renderWithProviders(
      <Modal opened onClose={onClose} title="Bedrijf bewerken">
        <HistoryPanel subject="company" id={7} />
      </Modal>,
    );
    await r.user.click(screen.getByRole('button', { name: 'Geschiedenis' }));
    expect(await screen.findByText('Nog geen wijzigingen vastgelegd')).toBeInTheDocument();
    await r.user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Nog geen wijzigingen vastgelegd')).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
  });
});
