import type { PlanMarker } from '@app/shared/projects/areas';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { FloorPlan, type FloorPlanProps, labelsCollide } from './FloorPlan';
import { fitSize, nextZoomStep, toPixels } from './floor-plan-geometry';

// jsdom lays nothing out: the plan's box is as wide as the test says (plus the viewport's 2 px of border).
let boxWidth = 802;
beforeEach(() => {
  boxWidth = 802;
  vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
    return (this as HTMLElement).dataset?.testid === 'floor-plan' ? boxWidth : 0;
  });
});
afterEach(() => vi.restoreAllMocks());

const cabin: PlanMarker = { type: 'area', id: 11, label: 'Hut 5001', status: 'open', x: 0.25, y: 0.4 };
const task: PlanMarker = { type: 'task', id: 31, label: 'Vloer leggen', status: 'pending', x: null, y: null };
// 1000 × 500: at 800 px wide the plan is 400 px high (well under 70 % of jsdom's 768 px window).
const plan = { largeUrl: '/api/media/7/large', width: 1000, height: 500 };

function renderPlan(over: Partial<FloorPlanProps> = {}) {
  const onMove = vi.fn<FloorPlanProps['onMove']>(async (_m, drop) => ({ x: drop.x, y: drop.y }));
  const onOpen = vi.fn();
  const view = renderWithProviders(
    <FloorPlan
      plan={plan}
      markers={[cabin, task]}
      title="Plattegrond van Dek 5"
      canMove
      onMove={onMove}
      onOpen={onOpen}
      {...over}
    />,
  );
  return { ...view, onMove, onOpen };
}

describe('FloorPlan', () => {
  it('places markers by fractions of the plan at any size', async () => {
    renderPlan();
    const marker = await screen.findByRole('button', { name: 'Hut 5001, open, positie 25% / 40%' });
    expect(screen.getByTestId('floor-plan-stage')).toHaveStyle({ width: '800px', height: '400px' });
    expect(marker).toHaveStyle({ left: '200px', top: '160px' });

    boxWidth = 392;
    act(() => {
      window.dispatchEvent(new Event('resize'));
    });
    expect(screen.getByTestId('floor-plan-stage')).toHaveStyle({ width: '390px', height: '195px' });
    expect(marker).toHaveStyle({ left: '97.5px', top: '78px' });
  });

  it('keeps markers in place and their size while zooming', async () => {
    const { user } = renderPlan();
    const marker = await screen.findByRole('button', { name: /^Hut 5001/ });
    await user.click(screen.getByRole('button', { name: 'Inzoomen' }));
    expect(screen.getByRole('button', { name: 'Zoom 150%, passend maken' })).toBeInTheDocument();
    expect(screen.getByTestId('floor-plan-stage')).toHaveStyle({ width: '1200px', height: '600px' });
    expect(marker).toHaveStyle({ left: '300px', top: '240px' });
    await user.click(screen.getByRole('button', { name: 'Zoom 150%, passend maken' }));
    expect(screen.getByTestId('floor-plan-stage')).toHaveStyle({ width: '800px' });
  });

  it('moves a marker from the keyboard and sends the pixels of the plan as rendered with its size', async () => {
    const { user, onMove } = renderPlan();
    const marker = await screen.findByRole('button', { name: /^Hut 5001/ });
    act(() => marker.focus());
    await user.keyboard('{ArrowRight}');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(marker).toHaveAccessibleName('Hut 5001, open, positie 26% / 45%');
    expect(marker).toHaveStyle({ left: '208px', top: '180px' });
    expect(onMove).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onMove).toHaveBeenCalledTimes(1);
    expect(onMove).toHaveBeenCalledWith(cabin, { x: 0.26, y: 0.45, left: 208, top: 180, width: 800, height: 400 });
    // Enter dropped the marker; it did not also open it.
    expect(screen.getByTestId('floor-plan-status')).toHaveTextContent('Hut 5001 neergezet op 26% / 45%.');
  });

  it('sends the pixels of the zoomed plan when zoomed in', async () => {
    const { user, onMove } = renderPlan();
    await user.click(screen.getByRole('button', { name: 'Inzoomen' }));
    const marker = screen.getByRole('button', { name: /^Hut 5001/ });
    act(() => marker.focus());
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(onMove).toHaveBeenCalledWith(cabin, { x: 0.24, y: 0.4, left: 288, top: 240, width: 1200, height: 600 });
  });

  it('cancels a keyboard move with Escape: nothing is sent and the marker is back', async () => {
    const { user, onMove, onOpen } = renderPlan();
    const marker = await screen.findByRole('button', { name: /^Hut 5001/ });
    act(() => marker.focus());
    await user.keyboard('{ArrowUp}{ArrowUp}{Escape}');
    expect(marker).toHaveAccessibleName('Hut 5001, open, positie 25% / 40%');
    expect(onMove).not.toHaveBeenCalled();
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('opens the area or task of a marker that is clicked or pressed without moving it', async () => {
    const { user, onOpen } = renderPlan();
    await user.click(await screen.findByRole('button', { name: /^Hut 5001/ }));
    expect(onOpen).toHaveBeenCalledWith(cabin);
  });

  it('puts a marker from the tray onto the plan from the keyboard', async () => {
    const { user, onMove } = renderPlan();
    expect(screen.getByText('Nog niet geplaatst (1)')).toBeInTheDocument();
    const chip = screen.getByRole('button', { name: 'Vloer leggen, te doen, nog niet geplaatst' });
    act(() => chip.focus());
    await user.keyboard('{Enter}');
    const placed = await screen.findByRole('button', { name: 'Vloer leggen, te doen, positie 50% / 50%' });
    await waitFor(() => expect(placed).toHaveFocus());
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(onMove).toHaveBeenCalledWith(task, { x: 0.52, y: 0.5, left: 416, top: 200, width: 800, height: 400 });
    await waitFor(() => expect(screen.queryByText(/Nog niet geplaatst/)).not.toBeInTheDocument());
  });

  it('puts a marker back where it was when the server refuses the move', async () => {
    const { user } = renderPlan({ onMove: vi.fn().mockRejectedValue(new Error('refused')) });
    const marker = await screen.findByRole('button', { name: /^Hut 5001/ });
    act(() => marker.focus());
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(marker).toHaveAccessibleName('Hut 5001, open, positie 25% / 40%'));
    expect(screen.getByTestId('floor-plan-status')).toHaveTextContent('Hut 5001 kon niet worden verplaatst');
  });

  it('drags a marker with a pointer and drops it where the pointer is', async () => {
    const { onMove } = renderPlan();
    const stage = await screen.findByTestId('floor-plan-stage');
    vi.spyOn(stage, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 100, y: 50, width: 800, height: 400 }));
    const marker = screen.getByRole('button', { name: /^Hut 5001/ });
    fireEvent.pointerDown(marker, { pointerId: 1, button: 0, clientX: 300, clientY: 210 });
    fireEvent.pointerMove(marker, { pointerId: 1, clientX: 400, clientY: 250 });
    fireEvent.pointerUp(marker, { pointerId: 1, clientX: 500, clientY: 250 });
    fireEvent.click(marker);
    expect(onMove).toHaveBeenCalledWith(cabin, { x: 0.5, y: 0.5, left: 400, top: 200, width: 800, height: 400 });
  });

  it('only opens markers for someone who may not move them', async () => {
    const { user, onMove, onOpen } = renderPlan({ canMove: false });
    const marker = await screen.findByRole('button', { name: /^Hut 5001/ });
    act(() => marker.focus());
    await user.keyboard('{ArrowRight}{Enter}');
    expect(onMove).not.toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledWith(cabin);
    expect(screen.getByText(/Klik op een markering/)).toBeInTheDocument();
  });
});

describe('floor plan geometry', () => {
  it('turns crowded labels into dots, and back when there is room', () => {
    const row = Array.from({ length: 12 }, (_, i) => ({ at: { x: 0.1 + i * 0.07, y: 0.3 }, label: String(4001 + i) }));
    expect(labelsCollide(row, 1200, 450)).toBe(false);
    expect(labelsCollide(row, 390, 146)).toBe(true);
    expect(labelsCollide([{ at: { x: 0.5, y: 0.5 }, label: 'Hut 5001' }], 390, 146)).toBe(false);
    // Two markers on one spot do not turn a roomy plan into dots.
    expect(labelsCollide([...row, { at: { x: 0.1, y: 0.3 }, label: 'Crew mess' }], 1200, 450)).toBe(false);
  });

  it('fits the width, or the height for a tall plan', () => {
    expect(fitSize(800, 0.5, 600)).toEqual({ width: 800, height: 400 });
    expect(fitSize(800, 2, 600)).toEqual({ width: 300, height: 600 });
  });

  it('reports a drop in pixels of the rendered plan', () => {
    expect(toPixels(0.25, 0.4, 1200, 600)).toEqual({ left: 300, top: 240, width: 1200, height: 600 });
  });

  it('steps the zoom between 50 % and 400 %', () => {
    expect(nextZoomStep(1, 1)).toBe(1.5);
    expect(nextZoomStep(1.2, -1)).toBe(1);
    expect(nextZoomStep(4, 1)).toBe(4);
    expect(nextZoomStep(0.5, -1)).toBe(0.5);
  });
});
