import sharp from 'sharp';

/**
 * Floor plans for the demo projects, drawn in code like the catalogue's renders (images.ts): a
 * ship's deck with its numbered cabins, a cabin, a hotel floor and its lobby, as SVG rasterised by
 * sharp. Labels are drawn with a small stroke font of their own, so a plan looks the same on any
 * machine, fonts installed or not, and the same spec always gives the same picture.
 *
 * Each plan names its rooms and spots: the demo places the markers of areas and tasks at their
 * centres (`markerAt`), so a marker sits exactly where its cabin is drawn.
 */

/** A room on a plan: an area (a cabin, the corridor) or a sub-area (the bathroom). */
export interface PlanRoom {
  key: string;
  label: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  /** Label size in px (cap height); 0 hides the label. */
  text?: number;
  /** Where the label goes when the room's centre is taken by furniture. */
  labelAt?: [number, number];
}

export interface PlanSpec {
  width: number;
  height: number;
  /** The title in the plan's corner ("DECK 5"). */
  title: string;
  /** A line at the top left: the ship or the building. */
  caption: string;
  /** The outer line: a ship's hull, a building's walls, or a room's walls. */
  outline: string;
  rooms: PlanRoom[];
  /** Furniture and fittings, drawn over the rooms (SVG). */
  details: string;
  /** Named points (task markers): where the work is. */
  spots: Record<string, [number, number]>;
}

// ---- the stroke font: capitals, digits and a few signs on a 4×6 grid

type Stroke = [number, number][];

/**
 * Each glyph as strokes on a 4×6 grid (y down): strokes split by '|', points by ' ', 'x,y'.
 * Letters the labels do not use are left out; an unknown character is drawn as a space.
 */
const GLYPH_STROKES: Record<string, string> = {
  '0': '0,0 4,0 4,6 0,6 0,0|4,0 0,6',
  '1': '1,1 2,0 2,6|1,6 3,6',
  '2': '0,0 4,0 4,3 0,3 0,6 4,6',
  '3': '0,0 4,0 4,6 0,6|1,3 4,3',
  '4': '0,0 0,3 4,3|4,0 4,6',
  '5': '4,0 0,0 0,3 4,3 4,6 0,6',
  '6': '4,0 0,0 0,6 4,6 4,3 0,3',
  '7': '0,0 4,0 2,6',
  '8': '0,0 4,0 4,6 0,6 0,0|0,3 4,3',
  '9': '4,3 0,3 0,0 4,0 4,6 0,6',
  A: '0,6 0,2 2,0 4,2 4,6|0,3.5 4,3.5',
  B: '0,0 3,0 4,1 4,2 3,3 0,3|3,3 4,4 4,5 3,6 0,6 0,0',
  C: '4,0 0,0 0,6 4,6',
  D: '0,0 3,0 4,1 4,5 3,6 0,6 0,0',
  E: '4,0 0,0 0,6 4,6|0,3 3,3',
  F: '4,0 0,0 0,6|0,3 3,3',
  G: '4,0 0,0 0,6 4,6 4,3 2,3',
  H: '0,0 0,6|4,0 4,6|0,3 4,3',
  I: '1,0 3,0|2,0 2,6|1,6 3,6',
  J: '4,0 4,6 0,6 0,4',
  K: '0,0 0,6|4,0 0,3 4,6',
  L: '0,0 0,6 4,6',
  M: '0,6 0,0 2,3 4,0 4,6',
  N: '0,6 0,0 4,6 4,0',
  O: '0,0 4,0 4,6 0,6 0,0',
  P: '0,6 0,0 4,0 4,3 0,3',
  Q: '0,0 4,0 4,6 0,6 0,0|2,4 4,6',
  R: '0,6 0,0 4,0 4,3 0,3|1,3 4,6',
  S: '4,0 0,0 0,3 4,3 4,6 0,6',
  T: '0,0 4,0|2,0 2,6',
  U: '0,0 0,6 4,6 4,0',
  V: '0,0 2,6 4,0',
  W: '0,0 1,6 2,3 3,6 4,0',
  X: '0,0 4,6|4,0 0,6',
  Y: '0,0 2,3 4,0|2,3 2,6',
  Z: '0,0 4,0 0,6 4,6',
  '-': '1,3 3,3',
  '.': '2,5.6 2,6',
  '/': '0,6 4,0',
  '>': '0,0 4,3 0,6',
};

const GLYPHS: Record<string, Stroke[]> = Object.fromEntries(
  Object.entries(GLYPH_STROKES).map(([ch, d]) => [
    ch,
    d.split('|').map((stroke) => stroke.split(' ').map((pt) => pt.split(',').map(Number) as [number, number])),
  ]),
);

const ADVANCE = 6;

/** The width of a label drawn `size` px high. */
export function textWidth(text: string, size: number): number {
  return text.length ? ((text.length * ADVANCE - 2) * size) / 6 : 0;
}

/** A label as one SVG path, centred on (cx, cy), `size` px high (capitals; other letters drawn as capitals). */
export function strokeText(text: string, cx: number, cy: number, size: number, color = '#1f3b57', weight = 0): string {
  const s = size / 6;
  const x0 = cx - textWidth(text, size) / 2;
  const y0 = cy - size / 2;
  const d: string[] = [];
  [...text.toUpperCase()].forEach((ch, i) => {
    for (const stroke of GLYPHS[ch] ?? []) {
      d.push(
        stroke
          .map(([x, y], j) => `${j ? 'L' : 'M'}${(x0 + (i * ADVANCE + x) * s).toFixed(1)} ${(y0 + y * s).toFixed(1)}`)
          .join(''),
      );
    }
  });
  const w = weight || Math.max(1.4, size / 9);
  return `<path d="${d.join('')}" fill="none" stroke="${color}" stroke-width="${w.toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`;
}

// ---- drawing helpers

const INK = '#1f3b57';
const LINE = '#6a8099';
const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" ${extra}/>`;
const line = (x1: number, y1: number, x2: number, y2: number, color = LINE, width = 2, extra = '') =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${color}" stroke-width="${width}" ${extra}/>`;
const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
/** A door: a gap in the wall is implied by the swing (a quarter circle) and the leaf. */
const door = (x: number, y: number, r: number, sweep: 'up' | 'down' | 'left' | 'right') => {
  const [dx, dy] = sweep === 'up' ? [0, -r] : sweep === 'down' ? [0, r] : sweep === 'left' ? [-r, 0] : [r, 0];
  const [ex, ey] = sweep === 'up' || sweep === 'down' ? [r, 0] : [0, r];
  return (
    line(x, y, x + dx, y + dy, INK, 2) +
    `<path d="M${x + dx} ${y + dy} A${r} ${r} 0 0 ${sweep === 'up' || sweep === 'left' ? 1 : 0} ${x + ex} ${y + ey}" fill="none" stroke="${LINE}" stroke-width="1.5" stroke-dasharray="4 3"/>`
  );
};

/** The SVG of a plan: paper, the outline, the rooms with their labels, the details, the title block. */
export function planSvg(spec: PlanSpec): string {
  const { width: w, height: h } = spec;
  const grid: string[] = [];
  for (let x = 50; x < w; x += 50) grid.push(line(x, 0, x, h, '#e3e9ef', 1));
  for (let y = 50; y < h; y += 50) grid.push(line(0, y, w, y, '#e3e9ef', 1));
  const rooms = spec.rooms.map((r) => rect(r.x, r.y, r.w, r.h, r.fill, `stroke="${LINE}" stroke-width="2.5"`)).join('');
  // Labels last, over the furniture.
  const labels = spec.rooms
    .map((r) => {
      const [lx, ly] = r.labelAt ?? [r.x + r.w / 2, r.y + r.h / 2];
      return r.text === 0 ? '' : strokeText(r.label, lx, ly, r.text ?? 16, INK);
    })
    .join('');
  const titleSize = Math.round(Math.min(w, h) / 22);
  const tw = textWidth(spec.title, titleSize) + 40;
  const title =
    rect(w - tw - 24, h - titleSize - 48, tw, titleSize + 28, '#ffffff', `stroke="${INK}" stroke-width="2.5"`) +
    strokeText(spec.title, w - 24 - tw / 2, h - 34 - titleSize / 2, titleSize, INK, titleSize / 7);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    rect(0, 0, w, h, '#f6f8fa') +
    grid.join('') +
    spec.outline +
    rooms +
    spec.details +
    labels +
    strokeText(spec.caption, 60 + textWidth(spec.caption, 22) / 2, 34, 22, INK, 3) +
    title +
    '</svg>'
  );
}

/** Draws a plan as a PNG (a line drawing stays crisp), the same bytes for the same spec. */
export async function renderPlan(spec: PlanSpec): Promise<Buffer> {
  return sharp(Buffer.from(planSvg(spec)), { density: 72 })
    .removeAlpha()
    .png({ compressionLevel: 6 })
    .toBuffer();
}

export interface PlanImage {
  width: number;
  height: number;
  /** The PNG, as an upload of it would be stored. */
  original: Buffer;
  /** 400 px wide WebP, like an upload's thumb. */
  thumb: Buffer;
  /** Up to 1600 px wide WebP, like an upload's large version. */
  large: Buffer;
}

/**
 * A plan with the stored versions an uploaded image gets (platform/images.ts), made from one
 * rasterisation instead of decoding the PNG again for each: the demo loads at the first start,
 * so this is the cheap way to the same files (the large WebP with a lower encoder effort).
 */
export async function renderPlanImage(spec: PlanSpec): Promise<PlanImage> {
  const { data, info } = await sharp(Buffer.from(planSvg(spec)), { density: 72 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [original, thumb, large] = await Promise.all([
    raw().png({ compressionLevel: 6 }).toBuffer(),
    raw().resize({ width: 400, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    raw().resize({ width: 1600, withoutEnlargement: true }).webp({ quality: 82, effort: 2 }).toBuffer(),
  ]);
  return { width: info.width, height: info.height, original, thumb, large };
}

/** Where a room's or a spot's marker goes, as fractions of the plan (0..1, 4 decimals). */
export function markerAt(spec: PlanSpec, key: string): { x: number; y: number } {
  const spot = spec.spots[key];
  const room = spec.rooms.find((r) => r.key === key);
  const [px, py] = spot ?? (room ? [room.x + room.w / 2, room.y + room.h / 2] : [Number.NaN, Number.NaN]);
  if (!Number.isFinite(px) || !Number.isFinite(py)) throw new Error(`plan '${spec.title}': no room or spot '${key}'`);
  const round = (n: number) => Math.round(n * 10_000) / 10_000;
  return { x: round(px / spec.width), y: round(py / spec.height) };
}

// ---- a ship's deck

export const CABINS_PER_DECK = 24;

/**
 * One deck of a cruise ship seen from above, bow to the right: 24 cabins (odd numbers on the
 * starboard side at the top, even on port below, from aft to forward: 5001, 5003, … and 5002,
 * 5004, …), the corridor between them, an aft space (crew mess) and the stair core forward.
 * Room keys: the cabin numbers, 'corridor', 'aft', 'stairs'.
 */
export function shipDeckPlan(ship: string, deck: number, aft: { label: string }): PlanSpec {
  const width = 1600;
  const height = 600;
  const hull =
    `<path d="M60 110 Q60 70 100 70 L1230 70 C1420 70 1530 180 1565 300 C1530 420 1420 530 1230 530 L100 530 Q60 530 60 490 Z" ` +
    `fill="#ffffff" stroke="${INK}" stroke-width="5"/>` +
    // The deck's edge inside the hull plating.
    `<path d="M80 118 Q80 88 108 88 L1228 88 C1400 88 1500 190 1530 300 C1500 410 1400 512 1228 512 L108 512 Q80 512 80 482 Z" ` +
    `fill="none" stroke="${LINE}" stroke-width="1.5" stroke-dasharray="10 6"/>`;
  const rooms: PlanRoom[] = [];
  const cabinW = 75;
  const x0 = 300;
  const details: string[] = [];
  for (let i = 0; i < CABINS_PER_DECK; i++) {
    const starboard = i % 2 === 0;
    const col = Math.floor(i / 2);
    const number = String(deck * 1000 + i + 1);
    const x = x0 + col * cabinW;
    const y = starboard ? 90 : 350;
    rooms.push({ key: number, label: number, x, y, w: cabinW, h: 160, fill: deck % 2 ? '#eaf1f8' : '#edf3f1', text: 15 });
    // The bathroom by the corridor, the door beside it, the window in the hull side.
    const by = starboard ? y + 160 - 52 : y;
    details.push(
      rect(x + 4, by, 34, 52, '#dde7ef', `stroke="${LINE}" stroke-width="1.5"`),
      door(x + 44, starboard ? y + 160 : y, 24, starboard ? 'up' : 'down'),
      line(x + 18, starboard ? y + 2 : y + 158, x + cabinW - 18, starboard ? y + 2 : y + 158, '#7fb8c9', 5),
    );
  }
  rooms.push(
    { key: 'corridor', label: `GANG DEK ${deck}`, x: x0, y: 250, w: 12 * cabinW, h: 100, fill: '#fbf5e6', text: 20 },
    { key: 'aft', label: aft.label.toUpperCase(), x: 100, y: 90, w: 200, h: 420, fill: '#e9f2e8', text: 18 },
    {
      key: 'stairs',
      label: 'TRAP',
      x: x0 + 12 * cabinW,
      y: 220,
      w: 100,
      h: 160,
      fill: '#eeeeee',
      text: 16,
      labelAt: [1250, 270],
    },
  );
  // Stair treads, the crew mess tables, and an arrow to the bow.
  for (let s = 0; s < 7; s++) details.push(line(1214 + s * 12, 318, 1214 + s * 12, 372, LINE, 1.5));
  for (const [tx, ty] of [
    [150, 160],
    [230, 160],
    [150, 400],
    [230, 400],
  ] as [number, number][]) {
    details.push(rect(tx - 28, ty - 18, 56, 36, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`));
  }
  details.push(strokeText('VOOR >', 1400, 300, 22, LINE));
  return {
    width,
    height,
    title: `DECK ${deck}`,
    caption: ship,
    outline: hull,
    rooms,
    details: details.join(''),
    spots: {},
  };
}

// ---- a cabin

/**
 * A cabin type seen from above (the yard draws one plan per type, shared by the cabins of that
 * type): the entrance and bathroom on the left, the bed in the middle, the balcony behind the
 * glass on the right (type A). Room keys: 'bathroom', 'balcony'; spots for the tasks: 'walls',
 * 'furniture', 'lighting'.
 */
export function cabinPlan(ship: string, type: 'A' | 'B'): PlanSpec {
  const balcony = type === 'A';
  const width = 1200;
  const height = 800;
  const right = balcony ? 900 : 1100;
  const outline =
    rect(100, 100, right - 100, 600, '#ffffff', `stroke="${INK}" stroke-width="8"`) +
    (balcony ? rect(right, 100, 200, 600, '#eef6f9', `stroke="${INK}" stroke-width="4" stroke-dasharray="14 8"`) : '');
  const rooms: PlanRoom[] = [
    { key: 'bathroom', label: 'BADKAMER', x: 100, y: 440, w: 270, h: 260, fill: '#e4edf4', text: 22, labelAt: [235, 520] },
  ];
  if (balcony)
    rooms.push({
      key: 'balcony',
      label: 'BALKON',
      x: right,
      y: 100,
      w: 200,
      h: 600,
      fill: '#eef6f9',
      text: 22,
      labelAt: [right + 100, 140],
    });
  const d: string[] = [
    // The wardrobe by the door, the bed with its pillows and nightstands, the desk and a chair.
    rect(110, 110, 250, 90, '#f1e7da', `stroke="${LINE}" stroke-width="2"`),
    line(235, 110, 235, 200, LINE, 1.5),
    rect(470, 170, 300, 260, '#f7f2ea', `stroke="${LINE}" stroke-width="2.5"`),
    rect(485, 180, 125, 60, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    rect(630, 180, 125, 60, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    rect(470, 110, 300, 40, '#d9c6ad', `stroke="${LINE}" stroke-width="2"`),
    rect(400, 120, 60, 60, '#f1e7da', `stroke="${LINE}" stroke-width="1.5"`),
    rect(780, 120, 60, 60, '#f1e7da', `stroke="${LINE}" stroke-width="1.5"`),
    rect(560, 620, 260, 70, '#f1e7da', `stroke="${LINE}" stroke-width="2"`),
    circle(690, 580, 28, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    // Ceiling lights, dashed.
    circle(620, 500, 16, 'none', `stroke="#c9a35b" stroke-width="3" stroke-dasharray="5 4"`),
    circle(260, 300, 16, 'none', `stroke="#c9a35b" stroke-width="3" stroke-dasharray="5 4"`),
    // The washbasin and shower in the bathroom.
    rect(120, 640, 110, 50, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    rect(270, 590, 90, 100, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    line(270, 590, 360, 690, LINE, 1),
    // The entrance door and the bathroom door.
    door(100, 300, 70, 'right'),
    door(370, 470, 60, 'right'),
    strokeText(balcony ? 'BALKONHUT' : 'BUITENHUT', 620, 750, 22, LINE),
  ];
  if (balcony) {
    d.push(
      line(right, 160, right, 640, '#7fb8c9', 10),
      rect(right + 40, 200, 60, 140, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
      rect(right + 40, 480, 60, 140, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
      circle(right + 140, 410, 34, '#ffffff', `stroke="${LINE}" stroke-width="1.5"`),
    );
  } else {
    d.push(line(right - 4, 260, right - 4, 540, '#7fb8c9', 10));
  }
  return {
    width,
    height,
    title: `HUTTYPE ${type}`,
    caption: ship,
    outline,
    rooms,
    details: d.join(''),
    spots: {
      walls: [470, 130],
      furniture: [620, 330],
      lighting: [620, 500],
    },
  };
}

// ---- a hotel

/**
 * The ground floor of a seaside hotel: entrance, lobby, reception, lounge bar, toilets and the
 * luggage room. Room keys: 'lobby', 'reception', 'bar', 'toilets', 'entrance', 'luggage'.
 */
export function hotelGroundFloorPlan(hotel: string): PlanSpec {
  const width = 1600;
  const height = 900;
  const outline = rect(80, 60, 1440, 680, '#ffffff', `stroke="${INK}" stroke-width="10"`);
  const rooms: PlanRoom[] = [
    { key: 'lobby', label: 'LOBBY', x: 380, y: 60, w: 640, h: 500, fill: '#f6efe4', text: 30, labelAt: [700, 110] },
    { key: 'reception', label: 'RECEPTIE', x: 80, y: 60, w: 300, h: 340, fill: '#efe6f4', text: 22, labelAt: [190, 230] },
    { key: 'bar', label: 'LOUNGE BAR', x: 1020, y: 60, w: 500, h: 500, fill: '#e8f1ea', text: 26, labelAt: [1340, 110] },
    { key: 'toilets', label: 'TOILETTEN', x: 80, y: 400, w: 300, h: 340, fill: '#e4edf4', text: 20 },
    { key: 'entrance', label: 'ENTREE', x: 380, y: 560, w: 640, h: 180, fill: '#fbf5e6', text: 22, labelAt: [540, 650] },
    { key: 'luggage', label: 'BAGAGE', x: 1020, y: 560, w: 500, h: 180, fill: '#eeeeee', text: 20 },
  ];
  const d: string[] = [
    // The revolving door, the reception desk, the bar counter and lounge seating.
    circle(700, 740, 50, '#ffffff', `stroke="${INK}" stroke-width="4"`),
    line(650, 740, 750, 740, INK, 3),
    line(700, 690, 700, 790, INK, 3),
    `<path d="M300 110 L330 110 L330 350 L300 350" fill="none" stroke="${LINE}" stroke-width="10"/>`,
    rect(1060, 100, 60, 420, '#d9c6ad', `stroke="${LINE}" stroke-width="2"`),
    ...[0, 1, 2].flatMap((i) => [
      circle(1260, 210 + i * 120, 40, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
      circle(1420, 210 + i * 120, 40, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
    ]),
    rect(520, 200, 160, 70, '#e7d8c4', `stroke="${LINE}" stroke-width="2"`),
    rect(720, 200, 160, 70, '#e7d8c4', `stroke="${LINE}" stroke-width="2"`),
    circle(700, 400, 60, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
    strokeText('BOULEVARD', 700, 840, 22, LINE),
  ];
  return { width, height, title: 'BEGANE GROND', caption: hotel, outline, rooms, details: d.join(''), spots: {} };
}

export const SUITES = ['101', '102', '103', '104', '105', '106', '107', '108'] as const;

/** The first floor: eight suites on both sides of a corridor. Room keys: the suite numbers, 'corridor'. */
export function hotelSuiteFloorPlan(hotel: string): PlanSpec {
  const width = 1600;
  const height = 900;
  const outline = rect(80, 60, 1440, 680, '#ffffff', `stroke="${INK}" stroke-width="10"`);
  const rooms: PlanRoom[] = SUITES.map((n, i) => {
    const top = i < 4;
    const col = i % 4;
    const x = 80 + col * 360;
    const y = top ? 60 : 460;
    return { key: n, label: `SUITE ${n}`, x, y, w: 360, h: 280, fill: '#f6efe4', text: 22, labelAt: [x + 250, y + 140] };
  });
  rooms.push({ key: 'corridor', label: 'GANG 1E VERDIEPING', x: 80, y: 340, w: 1440, h: 120, fill: '#fbf5e6', text: 20 });
  const d: string[] = [];
  for (const r of rooms.filter((x) => x.key !== 'corridor')) {
    const top = r.y < 340;
    d.push(
      // The bed along the party wall, the door on the corridor, the window on the facade.
      rect(r.x + 30, r.y + 70, 110, 140, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
      door(r.x + 300, top ? r.y + r.h : r.y, 40, top ? 'up' : 'down'),
      line(r.x + 40, top ? r.y + 4 : r.y + r.h - 4, r.x + r.w - 40, top ? r.y + 4 : r.y + r.h - 4, '#7fb8c9', 8),
    );
  }
  d.push(strokeText('ZEEZIJDE', 800, 34, 20, LINE), strokeText('DUINZIJDE', 700, 790, 20, LINE));
  return { width, height, title: '1E VERDIEPING', caption: hotel, outline, rooms, details: d.join(''), spots: {} };
}

/** The lobby in detail: spots for its tasks ('desk', 'walls', 'seating', 'lighting', 'floor'). */
export function lobbyPlan(hotel: string): PlanSpec {
  const width = 1200;
  const height = 800;
  const outline = rect(80, 80, 1040, 600, '#ffffff', `stroke="${INK}" stroke-width="8"`);
  const d: string[] = [
    `<path d="M160 160 L420 160 L420 240 L240 240 L240 420 L160 420 Z" fill="#d9c6ad" stroke="${LINE}" stroke-width="2.5"/>`,
    strokeText('RECEPTIEBALIE', 290, 130, 14, INK),
    rect(560, 280, 200, 80, '#e7d8c4', `stroke="${LINE}" stroke-width="2"`),
    rect(560, 480, 200, 80, '#e7d8c4', `stroke="${LINE}" stroke-width="2"`),
    rect(610, 390, 100, 60, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
    circle(900, 420, 40, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
    circle(980, 520, 40, '#ffffff', `stroke="${LINE}" stroke-width="2"`),
    line(84, 88, 1116, 88, '#b98b5a', 12),
    circle(660, 210, 26, 'none', `stroke="#c9a35b" stroke-width="4" stroke-dasharray="6 4"`),
    circle(900, 300, 26, 'none', `stroke="#c9a35b" stroke-width="4" stroke-dasharray="6 4"`),
    `<path d="M480 620 L1100 620" stroke="${LINE}" stroke-width="1.5" stroke-dasharray="10 6"/>`,
    door(560, 680, 80, 'up'),
  ];
  return {
    width,
    height,
    title: 'LOBBY',
    caption: hotel,
    outline,
    rooms: [],
    details: d.join(''),
    spots: { desk: [330, 200], walls: [800, 120], seating: [660, 420], lighting: [900, 300], floor: [800, 650] },
  };
}
