import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render';
import { COL_W, WeekGrid, type WeekGridProps } from './WeekGrid';
import type { WeekGridBar } from './week-grid-moves';

const rows = [
  { key: 'deck:5', label: '5 · Dek 5', depth: 0 },
  { key: 'cabin:1', label: '5001 · Hut', sublabel: 'Linkerzijde', depth: 1 },
  { key: 'cabin:2', label: '5002 · Hut', depth: 1 },
];
const bar = (over: Partial<WeekGridBar> = {}): WeekGridBar => ({
  id: 11,
  rowKey: 'cabin:1',
  startWeek: '2026-W52',
  weeks: 2,
  label: 'Plafonds',
  editable: true,
  ...over,
});

function grid(over: Partial<WeekGridProps<WeekGridBar>> = {}) {
  const props: WeekGridProps<WeekGridBar> = {
    from: '2026-W51',
    weeks: 4,
    currentWeek: '2026-W52',
    rows,
    bars: [bar()],
    label: 'Raster',
    rowsHeading: 'Ruimtes',
    onOpen: vi.fn(),
    onMove: vi.fn(() => Promise.resolve()),
    ...over,
  };
  return { props, ...renderWithProviders(<WeekGrid {...props} />) };
}

const barButton = (name = /^Plafonds/) => screen.getByRole('button', { name });
const announcement = () => screen.getByTestId('week-grid-announcement');
/** The track of a row (the cells right of its label). */
const track = (key: string) => screen.getByTestId(`row-${key}`).lastElementChild as HTMLElement;
const box = (left: number, width: number): DOMRect => ({
  left,
  top: 0,
  right: left + width,
  bottom: 40,
  width,
  height: 40,
  x: left,
  y: 0,
  toJSON: () => ({}),
});

describe('WeekGrid', () => {
  it('shows one column per ISO week with the month and year where they change, week 53 and the new year right, this week marked', () => {
    grid();
    expect(screen.getByRole('region', { name: 'Raster' })).toBeInTheDocument();
    const heads = ['2026-W51', '2026-W52', '2026-W53', '2027-W01'].map((k) => screen.getByTestId(`week-${k}`));
    // Month names as Intl writes them ('dec' or 'dec.', by ICU version).
    const texts = heads.map((h) => h.textContent);
    expect(texts[0]).toMatch(/^dec\.? 2026Wk 51$/);
    expect(texts.slice(1, 3)).toEqual(['Wk 52(deze week)', 'Wk 53']);
    expect(texts[3]).toMatch(/^jan\.? 2027Wk 1$/);
    expect(heads[1]).toHaveAttribute('aria-current', 'date');
    expect(heads[0]).not.toHaveAttribute('aria-current');
    // Rows in order with their labels (and a second line); the heading over them.
    expect(screen.getByText('Ruimtes')).toBeInTheDocument();
    expect(screen.getByTestId('row-cabin:1')).toHaveTextContent('5001 · HutLinkerzijde');
    // The bar says what it is, where and which weeks.
    expect(
      within(screen.getByTestId('row-cabin:1')).getByRole('button', { name: 'Plafonds: 5001 · Hut, week 52 t/m 53 (2026)' }),
    ).toHaveAttribute('title', 'Plafonds: 5001 · Hut, week 52 t/m 53 (2026)');
  });

  it('speaks English, and takes a bar’s own name, tooltip and colour', async () => {
    await setTestLanguage('en');
    try {
      grid({
        bars: [bar({ startWeek: '2026-W53', name: 'Ceilings, custom', title: 'Tooltip', color: '#1c5d99', label: 'Ceilings' })],
      });
      expect(screen.getByTestId('week-2026-W52')).toHaveTextContent('Wk 52(this week)');
      const b = barButton(/^Ceilings, custom$/);
      expect(b).toHaveAttribute('title', 'Tooltip');
      const style = (b.parentElement as HTMLElement).style;
      expect(style.getPropertyValue('--bar-color')).toBe('#1c5d99');
      expect(style.getPropertyValue('--bar-text')).toBe('#fff');
    } finally {
      await setTestLanguage('nl');
    }
  });

  it('moves a focused bar with the arrow keys (across New Year), resizes it with Shift, announces each move and sends the moves together', async () => {
    const { props } = grid();
    barButton().focus();
    fireEvent.keyDown(barButton(), { key: 'ArrowRight' });
    expect(announcement()).toHaveTextContent('Plafonds: week 53 (2026) t/m 1 (2027), 5001 · Hut');
    fireEvent.keyDown(barButton(), { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(barButton(), { key: 'ArrowDown' });
    expect(announcement()).toHaveTextContent('Plafonds: week 53 (2026) t/m 2 (2027), 5002 · Hut');
    // The bar is drawn in its new row at once, and keeps the focus.
    const moved = within(screen.getByTestId('row-cabin:2')).getByRole('button', { name: /^Plafonds/ });
    await waitFor(() => expect(moved).toHaveFocus());
    expect(props.onMove).not.toHaveBeenCalled();
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(props.onMove).toHaveBeenCalledWith(expect.objectContaining({ id: 11, startWeek: '2026-W52', rowKey: 'cabin:1' }), {
      startWeek: '2026-W53',
      weeks: 3,
      rowKey: 'cabin:2',
    });
  });

  it('a bar whose row is fixed: ↑ and ↓ only say why, ← and → still move it', async () => {
    const rowFixedText = vi.fn((b: WeekGridBar, range: string) => `${b.label} blijft hier: ${range}.`);
    const { props } = grid({ rowFixedText });
    barButton().focus();
    fireEvent.keyDown(barButton(), { key: 'ArrowUp' });
    expect(announcement()).toHaveTextContent('Plafonds blijft hier: week 52 t/m 53 (2026).');
    fireEvent.keyDown(barButton(), { key: 'ArrowLeft' });
    expect(announcement()).toHaveTextContent('Plafonds: week 51 t/m 52 (2026), 5001 · Hut');
    expect(within(screen.getByTestId('row-cabin:1')).getByRole('button', { name: /^Plafonds/ })).toBeInTheDocument();
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(props.onMove).toHaveBeenCalledWith(expect.anything(), { startWeek: '2026-W51', weeks: 2, rowKey: 'cabin:1' });
  });

  it('a bar that may not change does not move and has no edge; clicking it opens it', () => {
    const readOnly = bar({ editable: false });
    const { props } = grid({ bars: [readOnly] });
    fireEvent.keyDown(barButton(), { key: 'ArrowRight' });
    expect(announcement()).toHaveTextContent('');
    expect(screen.queryByTestId('resize-11')).not.toBeInTheDocument();
    fireEvent.click(barButton());
    expect(props.onOpen).toHaveBeenCalledWith(readOnly);
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('clicking an empty cell starts something new on that row and week; not without onCreate', () => {
    const onCreate = vi.fn();
    const { unmount } = grid({ onCreate });
    track('cabin:2').getBoundingClientRect = () => box(100, 4 * COL_W);
    fireEvent.click(track('cabin:2'), { clientX: 100 + COL_W * 2 + 10 });
    expect(onCreate).toHaveBeenCalledWith(rows[2], '2026-W53');
    // A click on a bar is not a click on the cell.
    fireEvent.click(barButton());
    expect(onCreate).toHaveBeenCalledTimes(1);
    unmount();
    grid();
    expect(track('cabin:2')).toHaveAttribute('data-readonly', 'true');
  });

  it('stacks bars that overlap in lanes, and leaves bars outside the window and in unknown rows out', () => {
    grid({
      bars: [
        bar(),
        bar({ id: 12, label: 'Wanden', startWeek: '2026-W53', weeks: 1 }),
        bar({ id: 13, label: 'Vloer', startWeek: '2027-W01', weeks: 1 }),
        bar({ id: 14, label: 'Later', startWeek: '2027-W10', weeks: 1 }),
        bar({ id: 15, label: 'Elders', rowKey: 'cabin:9' }),
      ],
    });
    const top = (name: RegExp) => (barButton(name).parentElement as HTMLElement).style.top;
    expect(top(/^Plafonds/)).toBe('5px');
    expect(top(/^Wanden/)).toBe('35px');
    // The first lane is free again after Plafonds.
    expect(top(/^Vloer/)).toBe('5px');
    expect(screen.queryByRole('button', { name: /^Later/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Elders/ })).not.toBeInTheDocument();
    expect(track('cabin:1').style.minHeight).toBe('70px');
  });

  it('takes a column width of its own, and with fill widens the columns to the room beside the labels', () => {
    const { unmount } = grid({ columnWidth: 100 });
    expect(screen.getByTestId('week-2026-W51').style.width).toBe('100px');
    unmount();
    // Spies on the getters where jsdom defines them (Element, HTMLElement): restored after the test
    // by setup.ts, so no other test file sees these widths.
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return this.tagName === 'SECTION' ? 1000 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.textContent === 'Ruimtes' ? 220 : 0;
    });
    grid({ columnWidth: 100, fill: true });
    // (1000 - 220) / 4 weeks.
    expect(screen.getByTestId('week-2026-W51').style.width).toBe('195px');
    expect(barButton().parentElement?.style.width).toBe(`${2 * 195 - 4}px`);
  });

  describe('with the pointer', () => {
    const capture = {
      set: HTMLElement.prototype.setPointerCapture,
      release: HTMLElement.prototype.releasePointerCapture,
    };
    beforeEach(() => {
      HTMLElement.prototype.setPointerCapture = () => {};
      HTMLElement.prototype.releasePointerCapture = () => {};
    });
    afterEach(() => {
      HTMLElement.prototype.setPointerCapture = capture.set;
      HTMLElement.prototype.releasePointerCapture = capture.release;
    });

    it('drags the right edge a whole number of weeks, never below the shortest, and sends it at once', async () => {
      const { props } = grid({ bars: [bar({ minWeeks: 2 })] });
      const edge = screen.getByTestId('resize-11');
      fireEvent.pointerDown(edge, { clientX: 300, pointerId: 1 });
      fireEvent.pointerMove(edge, { clientX: 300 - COL_W * 2, pointerId: 1 });
      fireEvent.pointerUp(edge, { clientX: 300 - COL_W * 2, pointerId: 1 });
      // Shorter than 2 weeks cannot be: nothing changed, nothing sent.
      expect(props.onMove).not.toHaveBeenCalled();
      fireEvent.pointerDown(edge, { clientX: 300, pointerId: 1 });
      fireEvent.pointerMove(edge, { clientX: 300 + COL_W * 1.6, pointerId: 1 });
      expect((edge.parentElement as HTMLElement).style.width).toBe(`${4 * COL_W - 4}px`);
      fireEvent.pointerUp(edge, { clientX: 300 + COL_W * 1.6, pointerId: 1 });
      expect(announcement()).toHaveTextContent('Plafonds: week 52 (2026) t/m 2 (2027), 5001 · Hut');
      await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1));
      expect(props.onMove).toHaveBeenCalledWith(expect.anything(), { startWeek: '2026-W52', weeks: 4, rowKey: 'cabin:1' });
    });

    it('drags a bar to another week in whole columns', async () => {
      const { props } = grid();
      const b = barButton();
      fireEvent.pointerDown(b, { clientX: 200, clientY: 10, button: 0, isPrimary: true });
      await act(async () => {
        fireEvent.pointerMove(document, { clientX: 210, clientY: 10 });
        fireEvent.pointerMove(document, { clientX: 200 + COL_W + 20, clientY: 10 });
      });
      await act(async () => {
        fireEvent.pointerUp(document, { clientX: 200 + COL_W + 20, clientY: 10 });
      });
      await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1));
      expect(props.onMove).toHaveBeenCalledWith(expect.anything(), { startWeek: '2026-W53', weeks: 2, rowKey: 'cabin:1' });
      expect(announcement()).toHaveTextContent('Plafonds: week 53 (2026) t/m 1 (2027), 5001 · Hut');
    });
  });

  it('puts a refused move back once the server has answered', async () => {
    let refuse: (e: Error) => void = () => {};
    const onMove = vi.fn(
      () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    );
    grid({ onMove });
    barButton().focus();
    fireEvent.keyDown(barButton(), { key: 'ArrowDown' });
    expect(within(screen.getByTestId('row-cabin:2')).getByRole('button', { name: /^Plafonds/ })).toBeInTheDocument();
    await waitFor(() => expect(onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    // Still shown where it was asked to go while the server thinks.
    expect(within(screen.getByTestId('row-cabin:2')).getByRole('button', { name: /^Plafonds/ })).toBeInTheDocument();
    await act(async () => refuse(new Error('409')));
    await waitFor(() =>
      expect(within(screen.getByTestId('row-cabin:1')).getByRole('button', { name: /^Plafonds/ })).toBeInTheDocument(),
    );
  });
});
