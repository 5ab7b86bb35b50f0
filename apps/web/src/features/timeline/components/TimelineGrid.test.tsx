import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { timeline, timelineItem } from '../timeline-fixtures';
import { TimelineGrid } from './TimelineGrid';

describe('TimelineGrid', () => {
  it('draws the rows and items of the timeline: an item on a task in its area with the task named; in the tasks view on the task', () => {
    const onTask = timelineItem({ id: 12, title: 'Bed', target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' }, areaId: 21 });
    const { unmount } = renderWithProviders(
      <TimelineGrid timeline={timeline({ items: [timelineItem(), onTask] })} onOpen={vi.fn()} onMove={vi.fn()} />,
    );
    expect(screen.getByRole('region', { name: 'Tijdlijn per week' })).toHaveTextContent(/^Ruimtes/);
    expect(screen.getByTestId('row-area:21')).toHaveTextContent('5001 · Hut');
    const row = within(screen.getByTestId('row-area:21'));
    expect(row.getByRole('button', { name: 'Plafonds: 5001 · Hut, week 52 t/m 53 (2026)' })).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Bed: Bed (5001 · Hut), week 52 t/m 53 (2026)' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <TimelineGrid
        timeline={timeline({
          rowKind: 'tasks',
          rows: [{ kind: 'task', id: 7, label: 'Bed (5001 · Hut)', depth: 0 }],
          items: [timelineItem(), onTask],
        })}
        onOpen={vi.fn()}
        onMove={vi.fn()}
      />,
    );
    expect(screen.getByRole('region', { name: 'Tijdlijn per week' })).toHaveTextContent(/^Taken/);
    expect(within(screen.getByTestId('row-task:7')).getByRole('button', { name: /^Bed/ })).toBeInTheDocument();
    // An item on an area has no row in the tasks view.
    expect(screen.queryByRole('button', { name: /^Plafonds/ })).not.toBeInTheDocument();
  });

  it('sends the keys’ moves for the original item, with the row as a timeline row', async () => {
    const onMove = vi.fn(() => Promise.resolve());
    renderWithProviders(<TimelineGrid timeline={timeline()} onOpen={vi.fn()} onMove={onMove} />);
    const bar = screen.getByRole('button', { name: /^Plafonds/ });
    bar.focus();
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(screen.getByTestId('timeline-announcement')).toHaveTextContent('Plafonds: week 53 (2026) t/m 1 (2027), 5001 · Hut');
    fireEvent.keyDown(screen.getByRole('button', { name: /^Plafonds/ }), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Plafonds/ }), { key: 'ArrowDown' });
    expect(screen.getByTestId('timeline-announcement')).toHaveTextContent('Plafonds: week 53 (2026) t/m 2 (2027), 5002 · Hut');
    // The bar is drawn in its new row at once, and keeps the focus.
    const moved = within(screen.getByTestId('row-area:22')).getByRole('button', { name: /^Plafonds/ });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(onMove).not.toHaveBeenCalled();
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 11, version: 4, startWeek: '2026-W52' }), {
      startWeek: '2026-W53',
      weeks: 3,
      row: { kind: 'area', id: 22, label: '5002 · Hut', depth: 1 },
    });
  });

  it('a bar on a task stays on its task in the areas view: ↑ and ↓ only say so, ← still moves it', async () => {
    const onMove = vi.fn(() => Promise.resolve());
    const onTask = timelineItem({ target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' }, areaId: 21 });
    renderWithProviders(<TimelineGrid timeline={timeline({ items: [onTask] })} onOpen={vi.fn()} onMove={onMove} />);
    const bar = within(screen.getByTestId('row-area:21')).getByRole('button', { name: /^Plafonds/ });
    bar.focus();
    fireEvent.keyDown(bar, { key: 'ArrowUp' });
    expect(screen.getByTestId('timeline-announcement')).toHaveTextContent(
      'Plafonds staat op de taak Bed (5001 · Hut) en blijft in de rij van die taak; alleen de weken veranderen: week 52 t/m 53 (2026).',
    );
    fireEvent.keyDown(bar, { key: 'ArrowDown' });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(screen.getByTestId('timeline-announcement')).toHaveTextContent(
      'Plafonds: week 53 (2026) t/m 1 (2027), Bed (5001 · Hut)',
    );
    expect(within(screen.getByTestId('row-area:21')).getByRole('button', { name: /^Plafonds/ })).toBeInTheDocument();
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    const [, move] = onMove.mock.calls[0] as unknown as [unknown, Record<string, unknown>];
    expect(move).toEqual({ startWeek: '2026-W53', weeks: 2 });
  });

  it('a bar the viewer may not change does not move; clicking it opens it', () => {
    const onMove = vi.fn(() => Promise.resolve());
    const onOpen = vi.fn();
    const readOnly = timelineItem({ abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN' } } });
    renderWithProviders(<TimelineGrid timeline={timeline({ items: [readOnly] })} onOpen={onOpen} onMove={onMove} />);
    const bar = screen.getByRole('button', { name: /^Plafonds/ });
    fireEvent.keyDown(bar, { key: 'ArrowRight' });
    expect(screen.getByTestId('timeline-announcement')).toHaveTextContent('');
    fireEvent.click(bar);
    expect(onOpen).toHaveBeenCalledWith(readOnly);
  });

  it('clicking an empty cell starts a new item on that row and week', () => {
    const onCreate = vi.fn();
    renderWithProviders(<TimelineGrid timeline={timeline()} onOpen={vi.fn()} onMove={vi.fn()} onCreate={onCreate} />);
    const track = screen.getByTestId('row-area:22').lastElementChild as HTMLElement;
    track.getBoundingClientRect = () => ({
      left: 100,
      top: 0,
      right: 404,
      bottom: 40,
      width: 304,
      height: 40,
      x: 100,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(track, { clientX: 100 + 76 * 2 + 10 });
    expect(onCreate).toHaveBeenCalledWith({ kind: 'area', id: 22, label: '5002 · Hut', depth: 1 }, '2026-W53');
  });
});
