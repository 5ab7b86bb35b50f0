import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { timeline, timelineItem } from '../timeline-fixtures';
import { TimelinePage } from './TimelinePage';

const notify = mockNotify();

function open(o: { patch?: () => Response; data?: ReturnType<typeof timeline>; url?: string } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') return json(200, { data: project() });
    if (req.path === '/api/projects/3/timeline' && req.method === 'GET') {
      return json(200, { data: o.data ?? timeline({ from: req.query.get('from') ?? '2026-W51' }) });
    }
    if (req.path === '/api/projects/3/timeline/11' && req.method === 'PATCH') {
      return o.patch ? o.patch() : json(200, { data: timelineItem({ startWeek: '2026-W53', version: 5 }) });
    }
    return undefined;
  });
  const view = renderWithProviders(<TimelinePage />, {
    path: '/projects/:projectId/timeline',
    url: o.url ?? '/projects/3/timeline',
  });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => {
  setXsrfCookie('tok');
  notify.error.mockClear();
});

describe('TimelinePage', () => {
  it('asks for 12 weeks of areas, steps through the weeks with Eerder/Later/Deze week and toggles the rows, in the URL', async () => {
    const { f, search } = open();
    await screen.findByRole('button', { name: /^Plafonds/ });
    expect(f.to('/api/projects/3/timeline')[0]?.query.get('weeks')).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(search().get('from')).toBe('2027-W02'));
    fireEvent.click(screen.getByRole('button', { name: 'Eerder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eerder' }));
    await waitFor(() => expect(search().get('from')).toBe('2026-W51'));
    fireEvent.click(screen.getByRole('button', { name: 'Deze week' }));
    await waitFor(() => expect(search().get('from')).toBeNull());
    fireEvent.click(screen.getByRole('radio', { name: 'Taken' }));
    await waitFor(() => expect(search().get('rows')).toBe('tasks'));
    await waitFor(() => expect(f.to('/api/projects/3/timeline').some((r) => r.query.get('rows') === 'tasks')).toBe(true));
  });

  it.each([
    '0050-W10', // Date.UTC would read year 50 as 1950
    '9999-W40',
    '1899-W52',
    '2999-W50', // 12 weeks would run into 3000
    '2027-W53',
  ])('falls back to this week for ?from=%s, without asking for it', async (from) => {
    const { f } = open({ url: `/projects/3/timeline?from=${from}` });
    await screen.findByRole('button', { name: /^Plafonds/ });
    expect(f.to('/api/projects/3/timeline').every((r) => r.query.get('from') === null)).toBe(true);
  });

  it('shows ?from= near the last year it accepts, and does not step past it', async () => {
    const { f, search } = open({ url: '/projects/3/timeline?from=2999-W41' });
    await screen.findByText(/^Week 2999-W41 t\/m/);
    expect(f.to('/api/projects/3/timeline')[0]?.query.get('from')).toBe('2999-W41');
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    fireEvent.click(screen.getByRole('button', { name: 'Eerder' }));
    await waitFor(() => expect(search().get('from')).toBe('2999-W37'));
  });

  it('sends a keyboard move with the version it was based on', async () => {
    const { f } = open();
    const bar = await screen.findByRole('button', { name: /^Plafonds/ });
    bar.focus();
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    await waitFor(() => expect(f.to('/api/projects/3/timeline/11', 'PATCH')).toHaveLength(1), { timeout: 2000 });
    expect(f.to('/api/projects/3/timeline/11', 'PATCH')[0]?.body).toEqual({ startWeek: '2026-W53', version: 4 });
  });

  it('puts a refused move back and says someone else changed it (409)', async () => {
    open({ patch: () => json(409, { code: 'STALE_VERSION', message: 'stale' }) });
    const bar = await screen.findByRole('button', { name: /^Plafonds/ });
    bar.focus();
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    await waitFor(() => expect(notify.error).toHaveBeenCalled(), { timeout: 2000 });
    expect(notify.error.mock.calls[0]?.[0]).toBe(
      'Iemand anders heeft Plafonds intussen gewijzigd. De tijdlijn toont nu de nieuwste stand; probeer het opnieuw.',
    );
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Plafonds/ })).toHaveAccessibleName(
        'Plafonds: 5001 · Hut, week 52 t/m 53 (2026)',
      ),
    );
  });

  it('says what to do without areas, and offers no new item to a viewer', async () => {
    open({ data: timeline({ rows: [], items: [], abilities: { canCreate: false, reasons: { canCreate: 'FORBIDDEN' } } }) });
    expect(await screen.findByText('Nog geen ruimtes')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuw item' })).toBeNull();
  });

  it('opens a new item with the row and week of the clicked cell', async () => {
    open();
    await screen.findByRole('button', { name: /^Plafonds/ });
    fireEvent.click(screen.getByRole('button', { name: 'Nieuw item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw tijdlijnitem' });
    expect(within(dialog).getByRole('textbox', { name: 'Eerste week' })).toHaveValue('2026-W51');
    expect(within(dialog).getByLabelText(/Ruimte of taak/, { selector: 'input' })).toHaveValue('5 · Dek 5');
  });

  it.each([
    ['0050-W10', 1, 'Eerste week'],
    ['9999-W52', 2, 'Eerste week'],
    ['2999-W52', 2, 'Aantal weken'], // the last week would be in 3000
  ])('a typed week %s (%i weeks) shows a field error and sends nothing', async (week, weeks, field) => {
    const { f } = open();
    await screen.findByRole('button', { name: /^Plafonds/ });
    fireEvent.click(screen.getByRole('button', { name: 'Nieuw item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw tijdlijnitem' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Titel' }), { target: { value: 'Ver weg' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Eerste week' }), { target: { value: week } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Aantal weken' }), { target: { value: String(weeks) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    const input = within(dialog).getByRole('textbox', { name: field });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(/Deze week bestaat niet/)).toBeInTheDocument();
    expect(f.to('/api/projects/3/timeline', 'POST')).toHaveLength(0);
  });
});
