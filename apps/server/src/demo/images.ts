import sharp from 'sharp';

/**
 * Product renders for the demo catalogue, drawn in code: an SVG scene (wall, floor, soft shadow,
 * the object in its material colours with gradients) rasterised by sharp. Nothing is downloaded
 * or hot-linked, and the same spec always gives the same picture.
 */

export const RENDER_KINDS = [
  'chair',
  'armchair',
  'sofa',
  'stool',
  'pouf',
  'table',
  'round-table',
  'coffee-table',
  'floor-lamp',
  'table-lamp',
  'pendant',
  'sconce',
  'cabinet',
  'sideboard',
  'desk',
  'headboard',
  'carpet',
  'wall-panel',
  'ceiling',
  'floor',
  'swatch',
  'handle',
] as const;
export type RenderKind = (typeof RENDER_KINDS)[number];

/** The shot: 0 front, 1 three-quarter on a warm wall, 2 close detail, 3 in a room setting. */
export type RenderView = 0 | 1 | 2 | 3;

export interface RenderSpec {
  kind: RenderKind;
  /** Main material colour (upholstery, veneer, shade), '#rrggbb'. */
  primary: string;
  /** Frame, legs, base or trim. */
  secondary: string;
  /** Handles, piping, glow: a small accent. */
  accent?: string;
  view?: RenderView;
  /** 'gallery' 1200×900, 'header' 1600×640 banner, 'tearsheet' 900×1200 product sheet. */
  format?: 'gallery' | 'header' | 'tearsheet';
}

const SIZES = { gallery: [1200, 900], header: [1600, 640], tearsheet: [900, 1200] } as const;

// ---- colour helpers

function rgb(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex);
  const n = m ? Number.parseInt(m[1] as string, 16) : 0x888888;
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lighter (amount > 0) or darker (amount < 0), -1..1. */
export function shade(hex: string, amount: number): string {
  const [r, g, b] = rgb(hex);
  const f = (c: number) => Math.round(amount >= 0 ? c + (255 - c) * amount : c * (1 + amount));
  return `#${[f(r), f(g), f(b)].map((c) => Math.max(0, Math.min(255, c)).toString(16).padStart(2, '0')).join('')}`;
}

function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const f = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${f(r1, r2)}${f(g1, g2)}${f(b1, b2)}`;
}

// ---- drawing helpers (all coordinates in a 1200×900 stage; the floor line is at y = 700)

let gradientSeq = 0;
interface Defs {
  list: string[];
}

/** A vertical (or horizontal) gradient from light to dark of one colour; answers its url(). */
function grad(defs: Defs, color: string, o: { light?: number; dark?: number; horizontal?: boolean } = {}): string {
  const id = `g${gradientSeq++}`;
  const [x2, y2] = o.horizontal ? ['1', '0'] : ['0', '1'];
  defs.list.push(
    `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">` +
      `<stop offset="0" stop-color="${shade(color, o.light ?? 0.22)}"/>` +
      `<stop offset="0.55" stop-color="${color}"/>` +
      `<stop offset="1" stop-color="${shade(color, -(o.dark ?? 0.28))}"/></linearGradient>`,
  );
  return `url(#${id})`;
}

function radial(defs: Defs, color: string, opacity = 1): string {
  const id = `r${gradientSeq++}`;
  defs.list.push(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.5">` +
      `<stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>` +
      `<stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
  return `url(#${id})`;
}

const rect = (x: number, y: number, w: number, h: number, fill: string, r = 0, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${r}" fill="${fill}" ${extra}/>`;
const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${extra}/>`;
const poly = (pts: [number, number][], fill: string, extra = '') =>
  `<polygon points="${pts.map((p) => p.join(',')).join(' ')}" fill="${fill}" ${extra}/>`;
/** A soft contact shadow: a radial fade rather than a blur filter, which costs more than the rest of the drawing. */
const softShadow = (cx: number, cy: number, rx: number, ry: number, opacity: number) =>
  ellipse(cx, cy, rx, ry, 'url(#shade)', `opacity="${opacity}"`);
const shadow = (cx: number, w: number, y = 702) => softShadow(cx, y, w / 2 + 30, 34, 0.75);

/** Legs from a seat down to the floor: two in front, two behind (shorter, darker). */
function legs(defs: Defs, xs: number[], top: number, color: string, width = 14, floor = 700): string {
  const front = grad(defs, color, { horizontal: true });
  const back = shade(color, -0.35);
  const [a, b, c, d] = xs as [number, number, number, number];
  return (
    rect(b + 10, top, width - 3, floor - 22 - top, back) +
    rect(c - 10, top, width - 3, floor - 22 - top, back) +
    rect(a, top, width, floor - top, front, 3) +
    rect(d - width, top, width, floor - top, front, 3)
  );
}

type Draw = (defs: Defs, s: Required<Omit<RenderSpec, 'format'>>) => string;

const draw: Record<RenderKind, Draw> = {
  chair(defs, s) {
    return (
      shadow(600, 300) +
      legs(defs, [470, 480, 720, 730], 520, s.secondary) +
      rect(470, 300, 260, 42, grad(defs, s.secondary), 14) +
      rect(488, 336, 18, 180, grad(defs, s.secondary, { horizontal: true }), 6) +
      rect(694, 336, 18, 180, grad(defs, s.secondary, { horizontal: true }), 6) +
      rect(500, 350, 200, 120, grad(defs, s.primary), 16) +
      rect(455, 488, 290, 44, grad(defs, s.primary, { light: 0.3 }), 18) +
      rect(455, 526, 290, 12, shade(s.primary, -0.4), 6)
    );
  },
  armchair(defs, s) {
    return (
      shadow(600, 470) +
      legs(defs, [400, 420, 780, 800], 600, s.secondary, 16) +
      rect(420, 290, 360, 260, grad(defs, s.primary, { light: 0.15 }), 60) +
      rect(380, 430, 90, 190, grad(defs, s.primary, { horizontal: true, dark: 0.35 }), 36) +
      rect(730, 430, 90, 190, grad(defs, s.primary, { horizontal: true, light: 0.05, dark: 0.45 }), 36) +
      rect(450, 500, 300, 90, grad(defs, s.primary, { light: 0.32 }), 30) +
      rect(400, 600, 400, 16, shade(s.primary, -0.45), 8) +
      rect(400, 614, 400, 4, s.accent, 2, 'opacity="0.7"')
    );
  },
  sofa(defs, s) {
    const cushions = [0, 1, 2].map((i) => rect(330 + i * 182, 330, 176, 190, grad(defs, s.primary, { light: 0.2 }), 34)).join('');
    const seats = [0, 1, 2].map((i) => rect(325 + i * 184, 505, 182, 80, grad(defs, s.primary, { light: 0.34 }), 26)).join('');
    return (
      shadow(600, 820) +
      legs(defs, [250, 280, 920, 950], 620, s.secondary, 16) +
      rect(280, 300, 640, 300, shade(s.primary, -0.25), 48) +
      cushions +
      rect(230, 440, 110, 190, grad(defs, s.primary, { horizontal: true, dark: 0.35 }), 40) +
      rect(860, 440, 110, 190, grad(defs, s.primary, { horizontal: true, dark: 0.45 }), 40) +
      seats +
      rect(250, 612, 700, 16, shade(s.primary, -0.5), 8) +
      rect(250, 626, 700, 4, s.accent, 2, 'opacity="0.6"')
    );
  },
  stool(defs, s) {
    const metal = grad(defs, s.secondary, { horizontal: true });
    return (
      shadow(600, 260) +
      poly(
        [
          [548, 330],
          [560, 330],
          [500, 700],
          [486, 700],
        ],
        metal,
      ) +
      poly(
        [
          [640, 330],
          [652, 330],
          [714, 700],
          [700, 700],
        ],
        metal,
      ) +
      rect(585, 330, 12, 360, shade(s.secondary, -0.3)) +
      ellipse(600, 560, 92, 14, 'none', `stroke="${shade(s.secondary, 0.1)}" stroke-width="9"`) +
      ellipse(600, 330, 130, 30, shade(s.primary, -0.35)) +
      rect(470, 296, 260, 34, grad(defs, s.primary), 12) +
      ellipse(600, 296, 130, 30, grad(defs, s.primary, { light: 0.35 }))
    );
  },
  pouf(defs, s) {
    const stripes = [0, 1, 2, 3, 4, 5]
      .map((i) => rect(440 + i * 55, 470, 22, 210, shade(s.secondary, 0.05), 10, 'opacity="0.35"'))
      .join('');
    return (
      shadow(600, 380) +
      rect(420, 470, 360, 220, grad(defs, s.primary, { horizontal: true, light: 0.25, dark: 0.35 }), 70) +
      stripes +
      ellipse(600, 478, 180, 50, grad(defs, s.primary, { light: 0.4 }))
    );
  },
  table(defs, s) {
    return (
      shadow(600, 820) +
      legs(defs, [250, 300, 900, 950], 452, s.secondary, 26) +
      rect(270, 440, 660, 26, shade(s.secondary, -0.2), 4) +
      poly(
        [
          [300, 380],
          [900, 380],
          [980, 430],
          [220, 430],
        ],
        grad(defs, s.primary, { light: 0.35 }),
      ) +
      rect(220, 430, 760, 22, grad(defs, s.primary, { dark: 0.45 }), 4)
    );
  },
  'round-table'(defs, s) {
    return (
      shadow(600, 420) +
      ellipse(600, 690, 140, 24, grad(defs, s.secondary)) +
      rect(582, 420, 36, 270, grad(defs, s.secondary, { horizontal: true }), 8) +
      ellipse(600, 420, 250, 58, shade(s.primary, -0.35)) +
      ellipse(600, 408, 250, 58, grad(defs, s.primary, { light: 0.35 })) +
      ellipse(560, 395, 120, 18, '#fff', 'opacity="0.18"')
    );
  },
  'coffee-table'(defs, s) {
    return (
      shadow(600, 640) +
      rect(330, 560, 540, 120, grad(defs, s.secondary, { horizontal: true }), 50) +
      ellipse(600, 548, 320, 62, shade(s.primary, -0.4)) +
      ellipse(600, 534, 320, 62, grad(defs, s.primary, { light: 0.3 })) +
      ellipse(540, 520, 160, 18, '#fff', 'opacity="0.15"') +
      rect(520, 496, 70, 36, shade(s.accent, 0.1), 6) +
      ellipse(680, 512, 40, 12, shade(s.accent, -0.2))
    );
  },
  'floor-lamp'(defs, s) {
    return (
      ellipse(600, 260, 260, 260, radial(defs, s.accent, 0.55)) +
      shadow(600, 240) +
      ellipse(600, 690, 100, 18, grad(defs, s.secondary)) +
      rect(594, 300, 12, 390, grad(defs, s.secondary, { horizontal: true })) +
      poly(
        [
          [520, 150],
          [680, 150],
          [740, 320],
          [460, 320],
        ],
        grad(defs, s.primary, { horizontal: true, light: 0.3, dark: 0.3 }),
      ) +
      ellipse(600, 320, 140, 14, shade(s.accent, 0.3), 'opacity="0.9"')
    );
  },
  'table-lamp'(defs, s) {
    return (
      ellipse(600, 380, 230, 230, radial(defs, s.accent, 0.5)) +
      shadow(600, 520) +
      rect(300, 600, 600, 100, grad(defs, '#6b5a48'), 6) +
      ellipse(600, 596, 80, 16, grad(defs, s.secondary)) +
      poly(
        [
          [560, 596],
          [640, 596],
          [620, 460],
          [580, 460],
        ],
        grad(defs, s.secondary, { horizontal: true }),
      ) +
      poly(
        [
          [510, 300],
          [690, 300],
          [730, 460],
          [470, 460],
        ],
        grad(defs, s.primary, { horizontal: true, light: 0.35, dark: 0.25 }),
      ) +
      ellipse(600, 460, 130, 12, shade(s.accent, 0.3))
    );
  },
  pendant(defs, s) {
    return (
      rect(598, 0, 4, 300, shade(s.secondary, -0.4)) +
      ellipse(600, 520, 330, 230, radial(defs, s.accent, 0.5)) +
      rect(575, 290, 50, 40, grad(defs, s.secondary, { horizontal: true }), 6) +
      `<path d="M360 470 C 380 340, 820 340, 840 470 Z" fill="${grad(defs, s.primary, { light: 0.4, dark: 0.35 })}"/>` +
      ellipse(600, 470, 240, 26, shade(s.primary, -0.45)) +
      ellipse(600, 476, 150, 16, shade(s.accent, 0.45)) +
      shadow(600, 260, 730)
    );
  },
  sconce(defs, s) {
    return (
      ellipse(600, 400, 300, 300, radial(defs, s.accent, 0.45)) +
      ellipse(600, 400, 170, 170, grad(defs, s.secondary, { light: 0.4 })) +
      ellipse(600, 400, 135, 135, shade(s.secondary, -0.35)) +
      ellipse(600, 400, 122, 122, grad(defs, s.primary, { light: 0.5, dark: 0.1 })) +
      ellipse(570, 370, 60, 40, '#fff', 'opacity="0.35"') +
      [0, 1, 2, 3, 4, 5, 6, 7]
        .map((i) => {
          const a = (i * Math.PI) / 4;
          return ellipse(600 + Math.cos(a) * 152, 400 + Math.sin(a) * 152, 7, 7, shade(s.secondary, -0.2));
        })
        .join('')
    );
  },
  cabinet(defs, s) {
    const doors = [0, 1]
      .map(
        (i) =>
          rect(424 + i * 178, 170, 172, 480, grad(defs, s.primary, { horizontal: true, light: 0.12 }), 4) +
          rect(i === 0 ? 574 : 612, 380, 10, 90, grad(defs, s.accent, { horizontal: true }), 4),
      )
      .join('');
    return (
      shadow(600, 460) +
      rect(410, 150, 380, 520, shade(s.primary, -0.3), 6) +
      doors +
      rect(410, 150, 380, 14, shade(s.primary, 0.25), 4) +
      rect(420, 670, 360, 30, shade(s.secondary, -0.2)) +
      rect(790, 160, 26, 520, shade(s.primary, -0.5))
    );
  },
  sideboard(defs, s) {
    const fronts = [0, 1, 2, 3]
      .map(
        (i) =>
          rect(228 + i * 188, 420, 182, 200, grad(defs, s.primary, { horizontal: true, light: 0.16 }), 3) +
          [0, 1, 2, 3, 4, 5, 6]
            .map((k) => rect(236 + i * 188 + k * 25, 428, 10, 184, shade(s.primary, -0.18), 5, 'opacity="0.6"'))
            .join(''),
      )
      .join('');
    return (
      shadow(600, 860) +
      legs(defs, [250, 270, 930, 950], 640, s.secondary, 12) +
      rect(215, 400, 770, 240, shade(s.primary, -0.35), 6) +
      fronts +
      rect(205, 388, 790, 20, grad(defs, s.accent), 4)
    );
  },
  desk(defs, s) {
    const panels = [0, 1, 2, 3, 4, 5, 6, 7]
      .map((i) => rect(220 + i * 96, 420, 88, 270, grad(defs, s.primary, { horizontal: true, light: 0.15 }), 4))
      .join('');
    return (
      shadow(600, 860) +
      rect(200, 400, 800, 300, shade(s.primary, -0.35), 8) +
      panels +
      rect(180, 370, 840, 40, grad(defs, s.secondary, { light: 0.4 }), 6) +
      rect(200, 650, 800, 10, s.accent, 3, 'opacity="0.85"')
    );
  },
  headboard(defs, s) {
    const channels = [0, 1, 2, 3, 4, 5, 6, 7, 8]
      .map((i) => rect(252 + i * 78, 190, 72, 330, grad(defs, s.primary, { horizontal: true, light: 0.25, dark: 0.25 }), 34))
      .join('');
    return (
      shadow(600, 900) +
      rect(240, 180, 720, 350, shade(s.primary, -0.35), 30) +
      channels +
      rect(200, 520, 800, 140, grad(defs, s.secondary), 10) +
      rect(210, 470, 780, 90, grad(defs, '#f4f1ea', { light: 0.3, dark: 0.12 }), 24) +
      rect(290, 410, 260, 90, grad(defs, shade(s.accent, 0.5)), 40) +
      rect(650, 410, 260, 90, grad(defs, shade(s.accent, 0.5)), 40) +
      rect(200, 560, 800, 110, grad(defs, mix(s.accent, '#ffffff', 0.3)), 10) +
      rect(230, 668, 740, 32, shade(s.secondary, -0.2), 4)
    );
  },
  carpet(_defs, s) {
    const motifs: string[] = [];
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 7; col++) {
        const x = 230 + col * 110 + (row % 2) * 55;
        const y = 230 + row * 110;
        motifs.push(
          poly(
            [
              [x, y - 40],
              [x + 40, y],
              [x, y + 40],
              [x - 40, y],
            ],
            row % 2 ? s.secondary : s.accent,
            'opacity="0.85"',
          ),
        );
      }
    }
    return (
      `<g transform="matrix(1 0 -0.35 0.62 150 260)">` +
      rect(150, 150, 900, 700, shade(s.primary, -0.1)) +
      rect(180, 180, 840, 640, s.primary) +
      `<clipPath id="rugclip"><rect x="200" y="200" width="800" height="600"/></clipPath>` +
      `<g clip-path="url(#rugclip)">${motifs.join('')}</g>` +
      rect(180, 180, 840, 640, 'none', 0, `stroke="${s.secondary}" stroke-width="10"`) +
      `</g>`
    );
  },
  'wall-panel'(defs, s) {
    const slats = Array.from({ length: 22 }, (_, i) =>
      rect(70 + i * 48, 60, 40, 660, grad(defs, s.primary, { horizontal: true, light: 0.25, dark: 0.35 }), 20),
    ).join('');
    return rect(60, 50, 1080, 680, shade(s.primary, -0.5)) + slats + rect(60, 700, 1080, 30, shade(s.secondary, -0.1));
  },
  ceiling(defs, s) {
    const battens = Array.from({ length: 14 }, (_, i) => {
      const y = 40 + i * i * 2.2 + i * 14;
      const h = 8 + i * 1.6;
      return poly(
        [
          [0, y],
          [1200, y],
          [1200, y + h],
          [0, y + h],
        ],
        grad(defs, s.primary, { light: 0.3 }),
      );
    }).join('');
    return (
      rect(0, 0, 1200, 520, shade(s.secondary, -0.55)) +
      battens +
      rect(0, 520, 1200, 8, shade(s.secondary, -0.3), 0, 'opacity="0.5"')
    );
  },
  floor(_defs, s) {
    const planks: string[] = [];
    for (let i = -8; i < 16; i++) {
      for (let j = 0; j < 8; j++) {
        const x = i * 90 + j * 45;
        const y = j * 90;
        const c = j % 2 === 0 ? s.primary : shade(s.primary, -0.08 + ((i * 7 + j * 3) % 5) * 0.03);
        planks.push(
          poly(
            [
              [x, y],
              [x + 90, y + 45],
              [x + 45, y + 90],
              [x - 45, y + 45],
            ],
            c,
            `stroke="${shade(s.primary, -0.35)}" stroke-width="2"`,
          ),
        );
      }
    }
    return (
      `<g transform="matrix(1 0 -0.55 0.5 420 430)"><clipPath id="floorclip"><rect x="-200" y="0" width="1600" height="720"/></clipPath>` +
      `<g clip-path="url(#floorclip)">${planks.join('')}</g></g>` +
      rect(0, 420, 1200, 14, shade(s.secondary, 0.2))
    );
  },
  swatch(defs, s) {
    const colours = [s.primary, s.secondary, s.accent, shade(s.primary, 0.35)];
    return colours
      .map((c, i) => {
        const x = 260 + i * 120;
        const y = 180 + i * 60;
        return (
          softShadow(x + 190, y + 440, 250, 40, 0.5) +
          `<path d="M${x} ${y} h380 v380 q-40 40 -80 20 t-120 10 t-180 -10 Z" fill="${grad(defs, c, { light: 0.3, dark: 0.25 })}"/>` +
          Array.from({ length: 14 }, (_, k) => rect(x + 10 + k * 26, y + 10, 2, 350, shade(c, -0.2), 0, 'opacity="0.35"')).join(
            '',
          )
        );
      })
      .join('');
  },
  handle(defs, s) {
    return (
      rect(0, 0, 1200, 900, grad(defs, s.primary, { horizontal: true, light: 0.15, dark: 0.2 })) +
      Array.from({ length: 30 }, (_, i) => rect(0, i * 30 + 8, 1200, 3, shade(s.primary, -0.12), 0, 'opacity="0.5"')).join('') +
      softShadow(600, 500, 450, 60, 0.8) +
      rect(250, 360, 60, 110, grad(defs, s.secondary, { horizontal: true }), 14) +
      rect(890, 360, 60, 110, grad(defs, s.secondary, { horizontal: true }), 14) +
      rect(220, 330, 760, 64, grad(defs, s.secondary, { light: 0.55, dark: 0.35 }), 32) +
      rect(260, 342, 600, 10, '#fff', 5, 'opacity="0.45"')
    );
  },
};

const SMALL = new Set<RenderKind>(['chair', 'stool', 'pouf', 'floor-lamp', 'table-lamp', 'sconce', 'round-table', 'cabinet']);

/** The backdrop: wall, floor and a window light, in the tones of the view. */
function backdrop(defs: Defs, view: RenderView, s: Required<Omit<RenderSpec, 'format'>>): string {
  const wall = view === 1 ? '#e9dccb' : view === 3 ? mix('#dfe3e2', s.primary, 0.12) : '#eceae6';
  const floor = view === 1 ? '#b59b7c' : view === 3 ? '#8d7a66' : '#cfc8bd';
  const light = radial(defs, '#ffffff', 0.55);
  let out = rect(0, 0, 1200, 700, grad(defs, wall, { light: 0.12, dark: 0.1 })) + rect(0, 700, 1200, 200, grad(defs, floor));
  out += ellipse(view === 1 ? 300 : 860, 260, 420, 320, light);
  if (view === 3) {
    // A room: a skirting board, a framed print and a plant beside the product.
    out +=
      rect(0, 688, 1200, 12, shade(wall, -0.25)) +
      rect(120, 140, 170, 220, shade(s.secondary, -0.2), 4) +
      rect(134, 154, 142, 192, mix(s.accent, '#ffffff', 0.55)) +
      rect(1010, 560, 90, 140, grad(defs, '#c9c2b6'), 8) +
      ellipse(1055, 520, 70, 80, grad(defs, '#5f7a52', { light: 0.2 })) +
      ellipse(1020, 470, 40, 60, '#6f8c5e') +
      ellipse(1090, 480, 36, 56, '#4f6a45');
  }
  return out;
}

/** The SVG of one render. */
export function productSvg(spec: RenderSpec): string {
  const format = spec.format ?? 'gallery';
  const [w, h] = SIZES[format];
  const s = {
    kind: spec.kind,
    primary: spec.primary,
    secondary: spec.secondary,
    accent: spec.accent ?? '#c9a35b',
    view: spec.view ?? 0,
  };
  const defs: Defs = { list: [] };
  gradientSeq = 0;
  // Flat surfaces (walls, floors, swatches, close-ups) fill the frame; objects stand in a room.
  const fullBleed = ['wall-panel', 'swatch', 'handle'].includes(s.kind);
  const back = fullBleed ? '' : backdrop(defs, s.view, s);
  // Small pieces stand a little closer to the camera.
  const near = SMALL.has(s.kind) ? 'translate(600 700) scale(1.2) translate(-600 -700)' : '';
  const object = `<g transform="${near}">${draw[s.kind](defs, s)}</g>`;
  // The camera: a close detail zooms in, a three-quarter view shifts and scales a little, a room
  // setting steps back from the object (the room itself stays in frame).
  const scene =
    s.view === 2
      ? `<g transform="translate(-420 -330) scale(1.7)">${back}${object}</g>`
      : s.view === 1
        ? `<g transform="translate(-60 -40) scale(1.08)">${back}${object}</g>`
        : s.view === 3 && !fullBleed
          ? `${back}<g transform="translate(640 700) scale(0.8) translate(-600 -700)">${object}</g>`
          : back + object;
  // Fit the 1200×900 stage into the output: cover for banners, contain (with margin) for sheets.
  let frame: string;
  let sheet = '';
  if (format === 'header') frame = `translate(0 -260) scale(${1600 / 1200})`;
  else if (format === 'tearsheet') {
    frame = 'translate(60 120) scale(0.65)';
    sheet =
      rect(0, 0, w, h, '#fbfaf7') +
      rect(60, 60, 780, 12, shade(s.primary, -0.3)) +
      rect(60, 760, 420, 22, '#2d2a26', 3) +
      [0, 1, 2, 3, 4, 5].map((i) => rect(60, 810 + i * 34, i % 3 === 2 ? 520 : 780, 12, '#c9c4bb', 6)).join('') +
      [0, 1, 2].map((i) => rect(60 + i * 150, 1040, 120, 90, [s.primary, s.secondary, s.accent][i] as string, 6)).join('') +
      rect(560, 1040, 280, 90, 'none', 6, 'stroke="#c9c4bb" stroke-width="3"');
  } else frame = '';
  const stage = `<g transform="${frame}"><svg x="0" y="0" width="1200" height="900" viewBox="0 0 1200 900" overflow="hidden">${scene}</svg></g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><radialGradient id="shade" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000" stop-opacity="0.45"/>` +
    `<stop offset="0.6" stop-color="#000" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient>` +
    `${defs.list.join('')}</defs>` +
    rect(0, 0, w, h, '#eceae6') +
    sheet +
    stage +
    `</svg>`
  );
}

/** Draws one product render and encodes it (JPEG by default, as a photographer would deliver it). */
export async function renderProductImage(spec: RenderSpec, format: 'jpeg' | 'webp' = 'jpeg'): Promise<Buffer> {
  const img = sharp(Buffer.from(productSvg(spec)), { density: 72 });
  return format === 'jpeg' ? img.jpeg({ quality: 86, mozjpeg: false }).toBuffer() : img.webp({ quality: 84 }).toBuffer();
}
