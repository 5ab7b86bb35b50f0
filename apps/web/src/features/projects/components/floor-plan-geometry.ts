/** The zoom range of a floor plan: 50 % to 400 % of the size that fits the page. */
export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 4;
/** The steps of the zoom buttons. */
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
/** Arrow keys move a marker 1 % of the plan, with Shift 5 %. */
export const KEY_STEP = 0.01;
export const KEY_STEP_LARGE = 0.05;

export const clamp = (v: number, min: number, max: number): number => Math.min(max, Math.max(min, v));
export const clampZoom = (z: number): number => clamp(z, MIN_ZOOM, MAX_ZOOM);
/** A fraction of the plan, kept to 4 decimals so repeated key steps do not drift (0.26, not 0.26000000000000001). */
export const fraction = (v: number): number => Math.round(clamp(v, 0, 1) * 10_000) / 10_000;
/** Pixels as sent to the server: two decimals are plenty for a fraction of a plan. */
export const px = (v: number): number => Math.round(v * 100) / 100;

/** The next zoom step up or down from the current zoom (which may lie between steps after a wheel or a pinch). */
export function nextZoomStep(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((s) => s > zoom + 0.001) ?? MAX_ZOOM;
  return [...ZOOM_STEPS].reverse().find((s) => s < zoom - 0.001) ?? MIN_ZOOM;
}

/**
 * The size the plan is shown at when zoom is 100 %: the full width available, unless that makes
 * it taller than `maxHeight` (a portrait plan on a wide screen): then the height that fits.
 */
export function fitSize(available: number, aspect: number, maxHeight: number): { width: number; height: number } {
  if (available <= 0) return { width: 0, height: 0 };
  const width = Math.min(available, maxHeight / aspect);
  return { width, height: width * aspect };
}

/**
 * Where a marker dropped at a fraction of the plan lands, as the server takes it: left and top in
 * pixels of the plan as rendered, and that rendered size (the specification's drag reports pixels).
 */
export function toPixels(x: number, y: number, width: number, height: number) {
  return { left: px(x * width), top: px(y * height), width: px(width), height: px(height) };
}
