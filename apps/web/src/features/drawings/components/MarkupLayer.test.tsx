import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { pdfFile, thread, version } from '../drawings-fixtures';
import { PortalDrawingVersionPage } from '../pages/PortalDrawingPages';
import { type Mark, MarkupLayer, type MarkupTool } from './MarkupLayer';
import { moveByKey, rectBetween, toFraction } from './markup-geometry';

mockNotify();

beforeAll(() => {
  // jsdom has no PointerEvent: a MouseEvent carries the coordinates the layer reads.
  if (!('PointerEvent' in window)) {
    class PointerEventShim extends MouseEvent {
      pointerId = 1;
    }
    (window as unknown as { PointerEvent: typeof MouseEvent }).PointerEvent = PointerEventShim;
  }
});

/** The page box on screen: 400 × 200 pixels at (100, 50). */
const BOX = { left: 100, top: 50, width: 400, height: 200, right: 500, bottom: 250, x: 100, y: 50, toJSON: () => ({}) };

function layer(o: { tool?: MarkupTool | null; marks?: Mark[] } = {}) {
  const onPlace = vi.fn();
  const onSelect = vi.fn();
  renderWithProviders(
    <div style={{ position: 'relative', width: 400, height: 200 }}>
      <MarkupLayer
        page={2}
        marks={o.marks ?? []}
        tool={o.tool ?? null}
        draft={null}
        activeId={null}
        onPlace={onPlace}
        onCancel={() => {}}
        onSelect={onSelect}
        onHover={() => {}}
      />
    </div>,
  );
  const surface = screen.queryByTestId('markup-surface');
  if (surface) vi.spyOn(surface, 'getBoundingClientRect').mockReturnValue(BOX as DOMRect);
  return { onPlace, onSelect, surface };
}

describe('markup geometry', () => {
  it('turns a pointer into fractions of the page, clamped to it', () => {
    expect(toFraction(200, 100, BOX)).toEqual({ x: 0.25, y: 0.25 });
    expect(toFraction(50, 400, BOX)).toEqual({ x: 0, y: 1 });
  });

  it('makes a rectangle from two corners in any direction, none from a slip of the mouse', () => {
    expect(rectBetween({ x: 0.6, y: 0.7 }, { x: 0.1, y: 0.2 })).toEqual({ x: 0.1, y: 0.2, w: 0.5, h: 0.5 });
    expect(rectBetween({ x: 0.5, y: 0.5 }, { x: 0.505, y: 0.7 })).toBeNull();
  });

  it('moves the crosshair by arrow keys, further with Shift, never off the page', () => {
    expect(moveByKey({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 });
    expect(moveByKey({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.4 });
    expect(moveByKey({ x: 0.995, y: 0 }, 'ArrowRight', true)).toEqual({ x: 1, y: 0 });
    expect(moveByKey({ x: 0.5, y: 0.5 }, 'a', false)).toBeNull();
  });
});

describe('the markup layer', () => {
  it('places a pin where the page is clicked, as fractions of the page', () => {
    const { onPlace, surface } = layer({ tool: 'pin' });
    fireEvent.pointerDown(surface as HTMLElement, { clientX: 200, clientY: 100, button: 0 });
    fireEvent.pointerUp(surface as HTMLElement, { clientX: 200, clientY: 100, button: 0 });
    expect(onPlace).toHaveBeenCalledWith({ page: 2, x: 0.25, y: 0.25 });
  });

  it('draws a rectangle by dragging', () => {
    const { onPlace, surface } = layer({ tool: 'rect' });
    fireEvent.pointerDown(surface as HTMLElement, { clientX: 140, clientY: 70, button: 0 });
    fireEvent.pointerMove(surface as HTMLElement, { clientX: 300, clientY: 120 });
    fireEvent.pointerUp(surface as HTMLElement, { clientX: 340, clientY: 150, button: 0 });
    expect(onPlace).toHaveBeenCalledWith({ page: 2, x: 0.1, y: 0.1, w: 0.5, h: 0.4 });
  });

  it('takes the focus with a tool and places with the keyboard: arrows move the crosshair, Enter places', async () => {
    const user = userEvent.setup();
    const { onPlace, surface } = layer({ tool: 'pin' });
    expect(surface).toHaveFocus();
    expect(surface).toHaveAccessibleName('Pagina 2: plaats een pin');
    expect(screen.getByTestId('markup-crosshair')).toHaveStyle({ left: '50%', top: '50%' });
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    expect(screen.getByTestId('markup-crosshair')).toHaveStyle({ left: '53%', top: '60%' });
    await user.keyboard('{Enter}');
    expect(onPlace).toHaveBeenCalledWith({ page: 2, x: 0.53, y: 0.6 });
  });

  it('draws a rectangle with the keyboard: Enter at one corner, then at the other', async () => {
    const user = userEvent.setup();
    const { onPlace } = layer({ tool: 'rect' });
    await user.keyboard('{Enter}{Shift>}{ArrowRight}{ArrowRight}{ArrowDown}{/Shift}{Enter}');
    expect(onPlace).toHaveBeenCalledWith({ page: 2, x: 0.5, y: 0.5, w: 0.2, h: 0.1 });
  });

  it('shows pins and rectangles at percentages of the page, as buttons named by number, page and first words', async () => {
    const user = userEvent.setup();
    const { onSelect } = layer({
      marks: [
        {
          id: 7,
          number: 1,
          anchor: { page: 2, x: 0.25, y: 0.5, w: null, h: null },
          label: 'Opmerking 1 op pagina 2: Deur',
          resolved: false,
        },
        {
          id: 8,
          number: 2,
          anchor: { page: 2, x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
          label: 'Opmerking 2 op pagina 2: Kast',
          resolved: true,
        },
      ],
    });
    const pin = screen.getByRole('button', { name: 'Opmerking 1 op pagina 2: Deur' });
    expect(pin).toHaveStyle({ left: '25%', top: '50%' });
    expect(screen.getByTestId('markup-rect-8')).toHaveStyle({ left: '10%', top: '20%', width: '30%', height: '40%' });
    // Tab reaches the pins in order; Enter opens the thread.
    await user.tab();
    expect(pin).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Opmerking 2 op pagina 2: Kast' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(8);
  });
});

describe('markup on the version page', () => {
  it('places a pin on an image with the keyboard and saves the comment with Enter', async () => {
    setXsrfCookie('tok');
    const user = userEvent.setup();
    const image = { ...pdfFile(), id: 72, mime: 'image/png', originalName: 'hut.png', url: '/api/files/72' };
    const v = version({
      file: image,
      threads: [thread({ id: 90, anchor: { page: 1, x: 0.2, y: 0.3, w: null, h: null }, carriedOver: true, versionNumber: 1 })],
    });
    const posted: unknown[] = [];
    mockFetch((req) => {
      const key = `${req.method} ${req.path}`;
      if (key === 'GET /api/client/drawings/11/versions/32') return json(200, { data: v });
      if (key === 'POST /api/client/drawings/11/versions/32/comments') {
        posted.push(req.body);
        return json(201, { data: { ...thread({ id: 95 }), replies: undefined } });
      }
      return undefined;
    });
    renderWithProviders(<PortalDrawingVersionPage />, {
      path: '/drawings/:drawingId/versions/:versionId',
      url: '/drawings/11/versions/32',
    });
    // The carried-over thread: its badge in the list, its pin on the image.
    expect(await screen.findByText('Meegenomen uit v1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opmerking 1 op pagina 1: Kan de deur naar links draaien?' })).toHaveStyle({
      left: '20%',
      top: '30%',
    });
    await user.click(screen.getByRole('button', { name: 'Pin' }));
    expect(screen.getByTestId('markup-surface')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    const box = await screen.findByRole('textbox', { name: /Opmerking bij de nieuwe pin op pagina 1/ });
    expect(box).toHaveFocus();
    await user.keyboard('Deze plint{Enter}');
    await vi.waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ body: 'Deze plint', fileIds: [], anchor: { page: 1, x: 0.49, y: 0.5 } });
  });
});
