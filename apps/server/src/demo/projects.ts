import type { AreaKind, TaskStatus } from '@app/shared/projects/projects.rules';
import type { TicketPriority } from '@app/shared/tickets/tickets.rules';
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import {
  accounts,
  articles,
  companies,
  employees,
  media,
  orderLines,
  products,
  projectAreas,
  projectCompanies,
  projectEvents,
  projectManagers,
  projectMembers,
  projects,
  subtasks,
  tasks,
  tickets,
} from '../db/schema';
import type { FileStorage } from '../platform/storage';
import {
  CABINS_PER_DECK,
  cabinPlan,
  hotelGroundFloorPlan,
  hotelSuiteFloorPlan,
  lobbyPlan,
  markerAt,
  type PlanSpec,
  renderPlanImage,
  SUITES,
  shipDeckPlan,
} from './plans';
import { DEMO_ACCOUNTS, DEMO_CREW } from './seed';

/**
 * The demo projects: a cruise-ship refit with three decks of cabins, a hotel's lobby and suites,
 * and a small archived job, with floor plans drawn in code (plans.ts), markers where the rooms
 * are drawn, tasks, sub-tasks with order lines for the demo catalogue's products and the ERP's
 * articles, tickets and the feed of what was done. Loaded once into a database without projects,
 * after the demo accounts and the catalogue; deterministic apart from the dates, which count back
 * from the moment it is loaded so the demo always looks current.
 *
 * Fast on purpose (it runs at the first start on PGlite): the plans are drawn on sharp's threads
 * while the rows go in, every table in one multi-row statement.
 */

type ProjectKey = 'ship' | 'hotel' | 'bowling';
type Who = 'pm' | 'admin' | null;

interface Line {
  /** A demo product by its Dutch name, or an ERP article by the start of its name. */
  product?: string;
  article?: string;
  quantity: number;
  notes?: string;
}

interface SubtaskSpec {
  name: string;
  amount: number;
  assembly: string;
  lines: Line[];
}

interface TaskSpec {
  name: string;
  /** Where its marker goes on its area's plan, when the area has one. */
  spot?: string;
  notes?: string;
  subtasks: SubtaskSpec[];
}

interface AreaDraft {
  key: string;
  project: ProjectKey;
  parent: string | null;
  kind: AreaKind;
  number: string;
  name: string;
  areaType: string;
  /** The plan drawn for it (a key of the plans below). */
  plan: string | null;
  marker: { x: number; y: number } | null;
  sortOrder: number;
}

interface TaskDraft {
  key: string;
  area: string;
  spec: TaskSpec;
  status: 'pending' | 'completed';
  /** When done; for a pending task, how many of its sub-tasks are closed already. */
  completedAt: Date | null;
  closedSubtasks: number;
  assignee: Who;
  marker: { x: number; y: number } | null;
  sortOrder: number;
}

interface TicketDraft {
  project: ProjectKey;
  task: string | null;
  description: string;
  information: string;
  priority: TicketPriority;
  createdAt: Date;
  closedAt: Date | null;
}

// ---- what the work is: tasks and sub-tasks per kind of room (Dutch first: the demo is Dutch)

const CABIN_TASKS: TaskSpec[] = [
  {
    name: 'Wandpanelen monteren',
    spot: 'walls',
    subtasks: [
      {
        name: 'Marine wandpanelen plaatsen',
        amount: 6,
        assembly:
          'Panelen op de draagprofielen klikken, naden 2 mm, beginnen bij de deurpost. Beschermfolie laten zitten tot de oplevering.',
        lines: [
          { article: 'Marine wandpaneel B15', quantity: 6 },
          { product: 'Wandpaneel Fluted eiken', quantity: 2, notes: 'Accentwand achter het bed' },
        ],
      },
      {
        name: 'Afwerklijsten aanbrengen',
        amount: 4,
        assembly: 'Hoeklijsten verlijmen met brandwerende kit; schroeven verzinken en afdoppen.',
        lines: [],
      },
    ],
  },
  {
    name: 'Meubilair plaatsen',
    spot: 'furniture',
    subtasks: [
      {
        name: 'Hutkast monteren',
        amount: 1,
        assembly: 'Kast waterpas stellen en met twee hoeken aan het schot verankeren (trillingsvrij). Deuren afstellen.',
        lines: [
          { product: 'Hutkast Cabin Line', quantity: 1 },
          { article: 'Scharnier soft-close', quantity: 4 },
        ],
      },
      {
        name: 'Bed en hoofdbord plaatsen',
        amount: 1,
        assembly: 'Hoofdbord aan het schot schroeven; bedbodem op de stelpoten en borgen tegen verschuiven.',
        lines: [{ product: 'Hoofdbord Serenity', quantity: 1 }],
      },
      {
        name: 'Nachtkastjes plaatsen',
        amount: 2,
        assembly: 'Links en rechts van het bed, 20 mm vrij van het hoofdbord; vastzetten met de meegeleverde beugels.',
        lines: [{ article: 'Nachtkastje', quantity: 2 }],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    spot: 'lighting',
    subtasks: [
      {
        name: 'Leeslampen monteren',
        amount: 2,
        assembly: 'Op 1100 mm boven de vloer; kabel door de goot achter de wandpanelen.',
        lines: [{ product: 'Wandlamp Porthole', quantity: 2 }],
      },
      {
        name: 'Plafondspots aansluiten',
        amount: 4,
        assembly: 'Aansluiten op groep V2; na montage doormeten en het meetrapport invullen.',
        lines: [{ article: 'Plafondspot', quantity: 4 }],
      },
    ],
  },
];

const CORRIDOR_TASKS: TaskSpec[] = [
  {
    name: 'Plafondpanelen monteren',
    subtasks: [
      {
        name: 'Plafondsysteem Linear ophangen',
        amount: 36,
        assembly: 'Draagrails om de 600 mm; panelen pas na de keuring van de brandmelders sluiten.',
        lines: [{ product: 'Plafondsysteem Linear', quantity: 36 }],
      },
    ],
  },
  {
    name: 'Tapijt leggen',
    subtasks: [
      {
        name: 'Tapijt Nordic Waves leggen',
        amount: 1,
        assembly: 'Volledig verlijmen; naden in de looprichting, patroon doorlopend vanaf het trappenhuis.',
        lines: [{ product: 'Tapijt Nordic Waves', quantity: 96.5, notes: 'm²' }],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    subtasks: [
      {
        name: 'Gangverlichting aansluiten',
        amount: 12,
        assembly: 'Noodverlichting op de aparte groep; elke armatuur testen.',
        lines: [{ article: 'Plafondspot', quantity: 12 }],
      },
    ],
  },
];

const MESS_TASKS: TaskSpec[] = [
  {
    name: 'Meubilair plaatsen',
    subtasks: [
      {
        name: 'Stoelen en tafels plaatsen',
        amount: 28,
        assembly: 'Tafels aan de vloer verankeren (zeegang); stoelen stapelbaar bij de uitgifte.',
        lines: [
          { product: 'Stapelstoel Fjord', quantity: 24 },
          { product: 'Bistrotafel Marmo', quantity: 4 },
        ],
      },
    ],
  },
  {
    name: 'Vloer leggen',
    subtasks: [
      {
        name: 'Tapijttegels leggen',
        amount: 1,
        assembly: 'Tegels kwartdraaiend leggen; bij de uitgifte een looper.',
        lines: [
          { article: 'Tapijttegel', quantity: 64, notes: 'm²' },
          { article: 'Loopermat', quantity: 1 },
        ],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    subtasks: [
      {
        name: 'Hanglampen ophangen',
        amount: 4,
        assembly: 'Boven de tafels, 750 mm boven het blad; ophanging met veiligheidskabel.',
        lines: [{ product: 'Hanglamp Lumen Dome', quantity: 4 }],
      },
    ],
  },
];

const BATHROOM_TASKS: TaskSpec[] = [
  {
    name: 'Badkamermeubel plaatsen',
    subtasks: [
      {
        name: 'Wastafelmeubel en spiegel monteren',
        amount: 1,
        assembly: 'Meubel aan het schot, spiegel erboven op 1200 mm; afkitten met sanitairkit.',
        lines: [{ article: 'Compact laminaat', quantity: 1, notes: 'Blad op maat' }],
      },
    ],
  },
];

const BALCONY_TASKS: TaskSpec[] = [
  {
    name: 'Balkonmeubilair plaatsen',
    subtasks: [
      {
        name: 'Dekstoelen en tafel plaatsen',
        amount: 3,
        assembly: 'Tafel aan het dek borgen; dekstoelen met de stormband vastzetten.',
        lines: [
          { product: 'Dekstoel Riviera', quantity: 2 },
          { product: 'Terrastafel Riviera', quantity: 1 },
        ],
      },
    ],
  },
];

const LOBBY_TASKS: TaskSpec[] = [
  {
    name: 'Receptiebalie plaatsen',
    spot: 'desk',
    notes: 'Balie wordt in drie delen geleverd; natuursteen blad apart.',
    subtasks: [
      {
        name: 'Baliedelen stellen en koppelen',
        amount: 3,
        assembly: 'Delen waterpas stellen, koppelen met de meegeleverde verbinders; kabels via de plint.',
        lines: [{ product: 'Receptiebalie Atrium', quantity: 1 }],
      },
      {
        name: 'Natuursteen blad plaatsen',
        amount: 1,
        assembly: 'Met vier man tillen; op de steunlatten leggen en naden afkitten.',
        lines: [],
      },
    ],
  },
  {
    name: 'Wandpanelen monteren',
    spot: 'walls',
    subtasks: [
      {
        name: 'Akoestische panelen plaatsen',
        amount: 14,
        assembly: 'Op de achterwand, 50 mm spouw met de regels; beginnen in het midden.',
        lines: [{ product: 'Akoestisch wandpaneel Silence', quantity: 14 }],
      },
    ],
  },
  {
    name: 'Loungemeubilair plaatsen',
    spot: 'seating',
    subtasks: [
      {
        name: 'Zitgroep opstellen',
        amount: 7,
        assembly: 'Volgens de opstelling op tekening L-02; viltjes onder alle poten.',
        lines: [
          { product: 'Bankserie Havana – 3-zits', quantity: 2 },
          { product: 'Loungefauteuil Atlantic', quantity: 4 },
          { product: 'Salontafel Atoll', quantity: 1 },
        ],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    spot: 'lighting',
    subtasks: [
      {
        name: 'Hanglampen en staande lampen plaatsen',
        amount: 5,
        assembly: 'Hanglampen op 2400 mm; staande lampen op de vloerdozen.',
        lines: [
          { product: 'Hanglamp Lumen Dome', quantity: 3 },
          { product: 'Staande lamp Aurora', quantity: 2 },
        ],
      },
    ],
  },
  {
    name: 'Vloer leggen',
    spot: 'floor',
    subtasks: [
      {
        name: 'Visgraatvloer leggen',
        amount: 1,
        assembly: 'Volledig verlijmen, dilatatie 10 mm langs de wanden; na 48 uur oliën.',
        lines: [{ product: 'Visgraatvloer eiken', quantity: 118, notes: 'm²' }],
      },
    ],
  },
];

const SMALL_ROOM_TASKS: Record<string, TaskSpec[]> = {
  reception: [
    {
      name: 'Achterwandkast plaatsen',
      subtasks: [
        {
          name: 'Dressoir monteren',
          amount: 1,
          assembly: 'Tegen de achterwand, kabeldoorvoer voor de printer.',
          lines: [{ product: 'Dressoir Walnut Wave', quantity: 1 }],
        },
      ],
    },
  ],
  bar: [
    {
      name: 'Barmeubilair plaatsen',
      subtasks: [
        {
          name: 'Barkrukken en tafels plaatsen',
          amount: 12,
          assembly: 'Krukken op 300 mm onder het bladniveau afstellen.',
          lines: [
            { product: 'Barkruk Bosun', quantity: 8 },
            { product: 'Bistrotafel Marmo', quantity: 4 },
          ],
        },
      ],
    },
    {
      name: 'Verlichting aansluiten',
      subtasks: [
        {
          name: 'Hanglampen boven de bar',
          amount: 4,
          assembly: 'Gelijk uitlijnen op de bar; dimmer op groep B3.',
          lines: [{ product: 'Hanglamp Lumen Dome', quantity: 4 }],
        },
      ],
    },
  ],
  entrance: [
    {
      name: 'Entreemat leggen',
      subtasks: [
        {
          name: 'Schoonloopmat inleggen',
          amount: 1,
          assembly: 'In de matrand, gelijk met de vloer.',
          lines: [{ article: 'Loopermat', quantity: 1 }],
        },
      ],
    },
  ],
  corridor: [
    {
      name: 'Tapijt leggen',
      subtasks: [
        {
          name: 'Tapijt Deco Fan leggen',
          amount: 1,
          assembly: 'Patroon gecentreerd in de gang; overgangsprofielen bij elke suite.',
          lines: [{ product: 'Tapijt Deco Fan', quantity: 88, notes: 'm²' }],
        },
      ],
    },
  ],
};

const SUITE_TASKS: TaskSpec[] = [
  {
    name: 'Hoofdbord monteren',
    subtasks: [
      {
        name: 'Hoofdbord Deco Channel ophangen',
        amount: 1,
        assembly: 'Op de ophangrail, onderzijde 300 mm boven de vloer; leeslampen vooraf bedraden.',
        lines: [{ product: 'Hoofdbord Deco Channel', quantity: 1 }],
      },
    ],
  },
  {
    name: 'Meubilair plaatsen',
    subtasks: [
      {
        name: 'Minibar en zithoek plaatsen',
        amount: 3,
        assembly: 'Minibarmeubel aansluiten op de wandcontactdoos; fauteuil bij het raam.',
        lines: [
          { product: 'Minibarmeubel Suite', quantity: 1 },
          { product: 'Loungefauteuil Atlantic', quantity: 1 },
          { product: 'Bijzettafel Gatsby', quantity: 1 },
        ],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    subtasks: [
      {
        name: 'Tafellampen en leeslampen',
        amount: 4,
        assembly: 'Leeslampen in het hoofdbord aansluiten; tafellampen op het bureau.',
        lines: [
          { product: 'Tafellamp Bridge', quantity: 2 },
          { article: 'Leeslamp', quantity: 2 },
        ],
      },
    ],
  },
  {
    name: 'Gordijnen ophangen',
    subtasks: [
      {
        name: 'Gordijnrails en gordijnen',
        amount: 2,
        assembly: 'Rails plafondhangend, 150 mm breder dan het raam aan beide zijden.',
        lines: [{ product: 'Gordijnstof Linnen dim-out', quantity: 7.5, notes: 'm' }],
      },
    ],
  },
];

const BOWLING_TASKS: TaskSpec[] = [
  {
    name: 'Meubilair plaatsen',
    subtasks: [
      {
        name: 'Zitmeubelen plaatsen',
        amount: 6,
        assembly: 'Volgens de opstelling van de klant.',
        lines: [
          { product: 'Zitpoef Koraal', quantity: 4 },
          { product: 'Havana 2-zits', quantity: 2 },
        ],
      },
    ],
  },
  {
    name: 'Verlichting aansluiten',
    subtasks: [
      {
        name: 'Wandlampen aansluiten',
        amount: 6,
        assembly: 'Op de bestaande aansluitpunten.',
        lines: [{ article: 'Wandlamp', quantity: 6 }],
      },
    ],
  },
];

// ---- the plans

const SHIP = 'MS Noordam refit 2027';
const HOTEL = 'Hotel De Dunes – lobby en suites';
const BOWLING = 'Veluwe Bowling – lounge en bar';
const DECKS = [
  { deck: 4, aft: 'Crew mess' },
  { deck: 5, aft: 'Officiersmess' },
  { deck: 6, aft: 'Pantry' },
] as const;
/** The deck-5 cabins drawn in detail (their type plan), with sub-areas: odd numbers have a balcony (type A). */
const DETAILED_CABINS = ['5001', '5002', '5003', '5004'];

const PLANS: Record<string, PlanSpec> = {
  ...Object.fromEntries(DECKS.map((d) => [`deck-${d.deck}`, shipDeckPlan('MS NOORDAM', d.deck, { label: d.aft })])),
  'cabin-A': cabinPlan('MS NOORDAM', 'A'),
  'cabin-B': cabinPlan('MS NOORDAM', 'B'),
  'hotel-ground': hotelGroundFloorPlan('HOTEL DE DUNES'),
  'hotel-first': hotelSuiteFloorPlan('HOTEL DE DUNES'),
  lobby: lobbyPlan('HOTEL DE DUNES'),
};
const plan = (key: string): PlanSpec => {
  const p = PLANS[key];
  if (!p) throw new Error(`demo projects: no plan '${key}'`);
  return p;
};

// ---- the drafts: every row described before any is written

interface Drafts {
  areas: AreaDraft[];
  tasks: TaskDraft[];
  tickets: TicketDraft[];
}

function drafts(now: Date): Drafts {
  const day = 86_400_000;
  /** n days ago, at a working hour that varies with `salt`. */
  const ago = (n: number, salt = 0) => new Date(now.getTime() - n * day - ((salt * 37) % 480) * 60_000);
  const areas: AreaDraft[] = [];
  const taskList: TaskDraft[] = [];
  const area = (a: Omit<AreaDraft, 'sortOrder'>) => {
    const siblings = areas.filter((x) => x.project === a.project && x.parent === a.parent && x.kind === a.kind).length;
    areas.push({ ...a, sortOrder: siblings + 1 });
    return a.key;
  };
  const addTasks = (
    areaKey: string,
    specs: TaskSpec[],
    progress: (i: number) => { done: boolean; when: Date; closed: number; who?: Who },
    planKey: string | null,
  ) => {
    specs.forEach((spec, i) => {
      const p = progress(i);
      taskList.push({
        key: `${areaKey}/${i}`,
        area: areaKey,
        spec,
        status: p.done ? 'completed' : 'pending',
        completedAt: p.done ? p.when : null,
        closedSubtasks: p.done ? spec.subtasks.length : Math.min(p.closed, spec.subtasks.length),
        assignee: p.who ?? null,
        marker: planKey && spec.spot ? markerAt(plan(planKey), spec.spot) : null,
        sortOrder: i + 1,
      });
    });
  };

  // The ship: deck 4 done a month ago, deck 5 under way, deck 6 just started.
  for (const { deck, aft } of DECKS) {
    const deckKey = area({
      key: `ship/deck-${deck}`,
      project: 'ship',
      parent: null,
      kind: 'deck',
      number: String(deck),
      name: `Deck ${deck}`,
      areaType: 'Dek',
      plan: `deck-${deck}`,
      marker: null,
    });
    const deckPlan = plan(`deck-${deck}`);
    for (let i = 0; i < CABINS_PER_DECK; i++) {
      const number = String(deck * 1000 + i + 1);
      const detailed = DETAILED_CABINS.includes(number);
      const type = (i + 1) % 2 === 1 ? 'A' : 'B';
      const key = area({
        key: `ship/${number}`,
        project: 'ship',
        parent: deckKey,
        kind: 'area',
        number,
        name: `Hut ${number}`,
        areaType: 'Hut',
        plan: detailed ? `cabin-${type}` : null,
        marker: markerAt(deckPlan, number),
      });
      const progress = (t: number) => {
        if (deck === 4) return { done: true, when: ago(45 - Math.floor(i / 2) - t, i + t), closed: 0 };
        if (deck === 5) {
          // Walls in the first 16 cabins, furniture in the first 10, lighting in the first 6.
          const doneUpTo = [16, 10, 6][t] ?? 0;
          return { done: i < doneUpTo, when: ago(20 - i + t * 3, i * 3 + t), closed: i < doneUpTo + 4 ? 1 : 0, who: 'pm' as Who };
        }
        return { done: false, when: now, closed: i < 4 && t === 0 ? 1 : 0 };
      };
      addTasks(key, CABIN_TASKS, progress, detailed ? `cabin-${type}` : null);
      if (detailed) {
        const bath = area({
          key: `ship/${number}/bathroom`,
          project: 'ship',
          parent: key,
          kind: 'subarea',
          number: '',
          name: 'Badkamer',
          areaType: 'Badkamer',
          plan: null,
          marker: markerAt(plan(`cabin-${type}`), 'bathroom'),
        });
        addTasks(bath, BATHROOM_TASKS, () => ({ done: i < 2, when: ago(12 - i, i), closed: 0, who: 'pm' }), null);
        if (type === 'A') {
          const balcony = area({
            key: `ship/${number}/balcony`,
            project: 'ship',
            parent: key,
            kind: 'subarea',
            number: '',
            name: 'Balkon',
            areaType: 'Balkon',
            plan: null,
            marker: markerAt(plan(`cabin-${type}`), 'balcony'),
          });
          addTasks(balcony, BALCONY_TASKS, () => ({ done: false, when: now, closed: 0 }), null);
        }
      }
    }
    const corridor = area({
      key: `ship/deck-${deck}/corridor`,
      project: 'ship',
      parent: deckKey,
      kind: 'area',
      number: '',
      name: `Gang dek ${deck}`,
      areaType: 'Gang',
      plan: null,
      marker: markerAt(deckPlan, 'corridor'),
    });
    addTasks(
      corridor,
      CORRIDOR_TASKS,
      (t) => ({ done: deck === 4 || (deck === 5 && t === 0), when: ago(deck === 4 ? 30 - t : 8, t), closed: 0 }),
      null,
    );
    const mess = area({
      key: `ship/deck-${deck}/aft`,
      project: 'ship',
      parent: deckKey,
      kind: 'area',
      number: '',
      name: aft,
      areaType: aft === 'Pantry' ? 'Pantry' : 'Mess',
      plan: null,
      marker: markerAt(deckPlan, 'aft'),
    });
    addTasks(mess, MESS_TASKS, (t) => ({ done: deck === 4 && t < 2, when: ago(28 - t, t), closed: 0 }), null);
  }

  // The hotel: the ground floor with the lobby in detail, the suites upstairs.
  const ground = area({
    key: 'hotel/ground',
    project: 'hotel',
    parent: null,
    kind: 'deck',
    number: '0',
    name: 'Begane grond',
    areaType: 'Verdieping',
    plan: 'hotel-ground',
    marker: null,
  });
  const lobby = area({
    key: 'hotel/lobby',
    project: 'hotel',
    parent: ground,
    kind: 'area',
    number: 'L01',
    name: 'Lobby',
    areaType: 'Lobby',
    plan: 'lobby',
    marker: markerAt(plan('hotel-ground'), 'lobby'),
  });
  // Walls and floor done; the desk waits on a ticket, seating and lighting to come.
  addTasks(
    lobby,
    LOBBY_TASKS,
    (t) => ({ done: t === 1 || t === 4, when: ago(t === 4 ? 9 : 6, t), closed: t === 0 ? 1 : 0, who: 'admin' }),
    'lobby',
  );
  for (const [room, number, name, type] of [
    ['reception', 'L02', 'Receptie', 'Receptie'],
    ['bar', 'L03', 'Lounge bar', 'Bar'],
    ['entrance', 'L04', 'Entree', 'Entree'],
  ] as const) {
    const key = area({
      key: `hotel/${room}`,
      project: 'hotel',
      parent: ground,
      kind: 'area',
      number,
      name,
      areaType: type,
      plan: null,
      marker: markerAt(plan('hotel-ground'), room),
    });
    addTasks(key, SMALL_ROOM_TASKS[room] ?? [], (t) => ({ done: room === 'reception', when: ago(5 + t, t), closed: 0 }), null);
  }
  const first = area({
    key: 'hotel/first',
    project: 'hotel',
    parent: null,
    kind: 'deck',
    number: '1',
    name: '1e verdieping',
    areaType: 'Verdieping',
    plan: 'hotel-first',
    marker: null,
  });
  SUITES.forEach((n, i) => {
    const key = area({
      key: `hotel/${n}`,
      project: 'hotel',
      parent: first,
      kind: 'area',
      number: n,
      name: `Suite ${n}`,
      areaType: 'Suite',
      plan: null,
      marker: markerAt(plan('hotel-first'), n),
    });
    addTasks(key, SUITE_TASKS, (t) => ({ done: i < 4, when: ago(16 - i * 2 - t, i + t), closed: i < 6 ? 1 : 0 }), null);
    if (n === '101') {
      const bath = area({
        key: 'hotel/101/bathroom',
        project: 'hotel',
        parent: key,
        kind: 'subarea',
        number: '',
        name: 'Badkamer',
        areaType: 'Badkamer',
        plan: null,
        marker: null,
      });
      addTasks(bath, BATHROOM_TASKS, () => ({ done: true, when: ago(15), closed: 0 }), null);
    }
  });
  const hotelCorridor = area({
    key: 'hotel/corridor',
    project: 'hotel',
    parent: first,
    kind: 'area',
    number: '',
    name: 'Gang 1e verdieping',
    areaType: 'Gang',
    plan: null,
    marker: markerAt(plan('hotel-first'), 'corridor'),
  });
  addTasks(hotelCorridor, SMALL_ROOM_TASKS.corridor ?? [], () => ({ done: false, when: now, closed: 0 }), null);

  // The bowling lounge: done and archived last season.
  for (const [i, name] of ['Lounge', 'Bar', 'Entree'].entries()) {
    const key = area({
      key: `bowling/${i}`,
      project: 'bowling',
      parent: null,
      kind: 'area',
      number: String(i + 1),
      name,
      areaType: name,
      plan: null,
      marker: null,
    });
    addTasks(key, BOWLING_TASKS, (t) => ({ done: true, when: ago(120 - i * 3 - t, i + t), closed: 0 }), null);
  }

  const ticketList: TicketDraft[] = [
    {
      project: 'ship',
      task: 'ship/5017/0',
      description: 'Wandpanelen beschadigd geleverd',
      information: "Twee panelen met een deuk in de toplaag; foto's bij de leverbon. Vervanging besteld bij de leverancier.",
      priority: 'high',
      createdAt: ago(2, 3),
      closedAt: null,
    },
    {
      project: 'ship',
      task: 'ship/4011/2',
      description: 'Leeslamp links flikkert',
      information: 'Bij de oplevering van dek 4 gemeld door de bemanning. Vermoedelijk een losse aansluiting achter het paneel.',
      priority: 'normal',
      createdAt: ago(6, 5),
      closedAt: null,
    },
    {
      project: 'ship',
      task: 'ship/4003/1',
      description: 'Verkeerde kleur meubelstof geleverd',
      information: 'Hoofdbord in grijs in plaats van zand. Juiste hoofdbord nageleverd en gemonteerd.',
      priority: 'normal',
      createdAt: ago(40, 1),
      closedAt: ago(33, 2),
    },
    {
      project: 'ship',
      task: 'ship/deck-4/corridor/2',
      description: 'Brandmelder verplaatsen in gang dek 4',
      information: 'Melder zat in de weg van de plafondrail; door de installateur 300 mm verplaatst.',
      priority: 'high',
      createdAt: ago(32, 4),
      closedAt: ago(30, 4),
    },
    {
      project: 'ship',
      task: null,
      description: 'Levering plafondpanelen dek 6 vertraagd',
      information: 'Leverancier meldt twee weken vertraging. Planning dek 6 aanpassen en de rederij informeren.',
      priority: 'urgent',
      createdAt: ago(1, 2),
      closedAt: null,
    },
    {
      project: 'hotel',
      task: 'hotel/lobby/0',
      description: 'Natuursteen blad receptiebalie gescheurd',
      information: 'Scheur over de volle diepte bij het linker deel. Nieuw blad besteld; levertijd drie weken.',
      priority: 'high',
      createdAt: ago(3, 6),
      closedAt: null,
    },
    {
      project: 'hotel',
      task: 'hotel/102/3',
      description: 'Gordijnrails te kort',
      information: 'Rails 2,4 m geleverd, 2,8 m nodig. Juiste rails gemonteerd.',
      priority: 'low',
      createdAt: ago(14, 2),
      closedAt: ago(11, 3),
    },
    {
      project: 'bowling',
      task: 'bowling/1/1',
      description: 'Wandlamp bar zit los',
      information: 'Bevestiging opnieuw gedaan met chemisch anker.',
      priority: 'normal',
      createdAt: ago(110, 1),
      closedAt: ago(108, 2),
    },
  ];

  return { areas, tasks: taskList, tickets: ticketList };
}

// ---- writing

export interface ProjectsDemoResult {
  projects: number;
  areas: number;
  tasks: number;
  subtasks: number;
  orderLines: number;
  tickets: number;
  feedEvents: number;
  plans: number;
  ms: number;
}

interface Logger {
  info(obj: object, msg?: string): void;
}

interface StoredPlan {
  key: string;
  originalName: string;
  size: number;
  width: number;
  height: number;
}

async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/**
 * Draws each plan once and stores it the way an upload is stored (the original and its WebP
 * versions), once per use: an area's plan or a project's picture is a file of its own, as if each
 * had been uploaded, so replacing one never touches another.
 */
async function storePlans(storage: FileStorage, uses: { plan: string; name: string }[]): Promise<StoredPlan[]> {
  const keys = [...new Set(uses.map((u) => u.plan))];
  const processed = new Map(await mapLimit(keys, 2, async (k) => [k, await renderPlanImage(plan(k))] as const));
  return Promise.all(
    uses.map(async (u) => {
      const img = processed.get(u.plan);
      if (!img) throw new Error(`demo projects: plan '${u.plan}' not drawn`);
      const key = storage.newKey();
      await Promise.all([
        storage.write(key, img.original),
        storage.write(`${key}.thumb.webp`, img.thumb),
        storage.write(`${key}.large.webp`, img.large),
      ]);
      return { key, originalName: u.name, size: img.original.length, width: img.width, height: img.height };
    }),
  );
}

async function count(db: DbOrTx, table: typeof projects): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return rows[0]?.n ?? 0;
}

/**
 * Loads the demo projects into a database without projects (nothing happens otherwise, or when
 * the demo accounts are missing). Products and articles for the order lines are taken from the
 * demo catalogue and the ERP's articles where they exist; a line whose item is missing is left out.
 */
export async function seedProjectsDemo(p: { db: Database; storage: FileStorage; log?: Logger }): Promise<ProjectsDemoResult> {
  const started = Date.now();
  const cpuStarted = process.cpuUsage();
  const { db, storage } = p;
  const empty: ProjectsDemoResult = {
    projects: 0,
    areas: 0,
    tasks: 0,
    subtasks: 0,
    orderLines: 0,
    tickets: 0,
    feedEvents: 0,
    plans: 0,
    ms: 0,
  };
  if ((await count(db.orm, projects)) > 0) {
    p.log?.info({ event: 'demo.projects.skipped' }, 'demo projects not loaded: projects exist');
    return empty;
  }
  const people = await db.orm
    .select({ email: accounts.email, accountId: accounts.id, employeeId: accounts.employeeId })
    .from(accounts)
    .where(inArray(accounts.email, [DEMO_ACCOUNTS.projectManager.email, DEMO_ACCOUNTS.admin.email]));
  const pm = people.find((r) => r.email === DEMO_ACCOUNTS.projectManager.email);
  const admin = people.find((r) => r.email === DEMO_ACCOUNTS.admin.email);
  if (!pm?.employeeId || !admin?.employeeId) {
    p.log?.info({ event: 'demo.projects.skipped' }, 'demo projects not loaded: the demo accounts are missing');
    return empty;
  }
  const employeeOf: Record<'pm' | 'admin', number> = { pm: pm.employeeId, admin: admin.employeeId };
  // Open work without a named person goes to the crew (the demo's employees without an account), in turn.
  const crew = (
    await db.orm
      .select({ id: employees.id })
      .from(employees)
      .where(
        inArray(
          employees.lastName,
          DEMO_CREW.map((c) => c.lastName),
        ),
      )
      .orderBy(asc(employees.id))
  ).map((r) => r.id);
  const assigneeOf = (t: { assignee: Who; status: string }, i: number): number | null =>
    t.assignee ? employeeOf[t.assignee] : t.status === 'completed' || crew.length === 0 ? null : (crew[i % crew.length] ?? null);

  const now = new Date();
  const d = drafts(now);

  // The plans are drawn and stored on sharp's threads while the rows go in below.
  const planUses = [
    ...d.areas
      .filter((a) => a.plan !== null)
      .map((a) => ({ plan: a.plan as string, name: `plattegrond-${a.key.replaceAll('/', '-')}.png` })),
    { plan: 'deck-5', name: 'noordam-dek-5.png' },
    { plan: 'hotel-ground', name: 'de-dunes-begane-grond.png' },
  ];
  const drawing = storePlans(storage, planUses);
  drawing.catch(() => {}); // awaited below; this only keeps an early failure from being reported as unhandled

  const companyRows = await db.orm
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.name, ['Nordic Star Cruises', 'Dunes Leisure Resorts', 'Veluwe Bowling & Events']));
  const companyId = (name: string) => companyRows.find((c) => c.name === name)?.id ?? null;
  const productRows = await db.orm.select({ id: products.id, name: products.nameNl }).from(products);
  const productId = new Map(productRows.map((r) => [r.name, r.id]));
  const articleRows = await db.orm
    .select({ id: articles.id, name: articles.name })
    .from(articles)
    .where(isNull(articles.deletedAt))
    .orderBy(articles.id);
  const articleCache = new Map<string, number | null>();
  const articleId = (prefix: string): number | null => {
    if (!articleCache.has(prefix)) {
      const want = `${prefix.toLowerCase()} `;
      articleCache.set(prefix, articleRows.find((a) => `${a.name.toLowerCase()} `.startsWith(want))?.id ?? null);
    }
    return articleCache.get(prefix) ?? null;
  };

  const day = 86_400_000;
  const result = await db.orm.transaction(async (tx) => {
    // Projects and their people and companies.
    const projectSpecs: {
      key: ProjectKey;
      row: typeof projects.$inferInsert;
      company: string;
      managers: Who[];
      members: Who[];
    }[] = [
      {
        key: 'ship',
        company: 'Nordic Star Cruises',
        managers: ['pm'],
        members: ['admin'],
        row: {
          name: SHIP,
          type: 'preferred',
          trimitId: 'TR-27-0412',
          notes:
            'Refit van de passagiershutten op dek 4 tot en met 6 tijdens de werfperiode bij Damen Shiprepair. ' +
            'Dek 4 is opgeleverd; dek 5 loopt; dek 6 start zodra de plafondpanelen binnen zijn. Werkvergunningen via de werf.',
          mapsLink: 'https://maps.google.com/?q=Sluisjesdijk+155+Rotterdam',
          phone: '+31 10 555 01 01',
          contact: 'Emma Jansen (Nordic Star Cruises)',
          address: 'Damen Shiprepair Rotterdam, Sluisjesdijk 155, 3087 AG Rotterdam',
          createdAt: new Date(now.getTime() - 60 * day),
        },
      },
      {
        key: 'hotel',
        company: 'Dunes Leisure Resorts',
        managers: ['admin', 'pm'],
        members: [],
        row: {
          name: HOTEL,
          trimitId: 'TR-26-0877',
          notes:
            'Vernieuwing van de lobby, de lounge bar en acht suites op de eerste verdieping. Hotel blijft open: werken tussen 8 en 17 uur.',
          mapsLink: 'https://maps.google.com/?q=Boulevard+Paulus+Loot+Zandvoort',
          phone: '+31 23 555 02 02',
          contact: 'Thomas van den Berg (Dunes Leisure Resorts)',
          address: 'Boulevard Paulus Loot 5, 2042 AD Zandvoort',
          createdAt: new Date(now.getTime() - 30 * day),
        },
      },
      {
        key: 'bowling',
        company: 'Veluwe Bowling & Events',
        managers: ['pm'],
        members: [],
        row: {
          name: BOWLING,
          status: 'inactive',
          trimitId: 'TR-25-0213',
          notes: 'Lounge, bar en entree vernieuwd. Opgeleverd en gearchiveerd.',
          contact: 'Ruud Bakker (Veluwe Bowling & Events)',
          address: 'Laan van Westenenk 12, 7336 AZ Apeldoorn',
          archivedAt: new Date(now.getTime() - 90 * day),
          createdAt: new Date(now.getTime() - 150 * day),
        },
      },
    ];
    const projectRows = await tx
      .insert(projects)
      .values(projectSpecs.map((s) => ({ ...s.row, createdBy: pm.accountId, updatedAt: now })))
      .returning({ id: projects.id });
    const projectId = new Map(projectSpecs.map((s, i) => [s.key, projectRows[i]?.id as number]));
    const pid = (k: ProjectKey) => projectId.get(k) as number;
    await tx
      .insert(projectManagers)
      .values(projectSpecs.flatMap((s) => s.managers.map((w) => ({ projectId: pid(s.key), employeeId: employeeOf[w ?? 'pm'] }))));
    const members = projectSpecs.flatMap((s) =>
      s.members.map((w) => ({ projectId: pid(s.key), employeeId: employeeOf[w ?? 'pm'] })),
    );
    if (members.length) await tx.insert(projectMembers).values(members);
    const links = projectSpecs.flatMap((s) => {
      const id = companyId(s.company);
      return id === null ? [] : [{ projectId: pid(s.key), companyId: id }];
    });
    if (links.length) await tx.insert(projectCompanies).values(links);

    // Areas, one level at a time (a row's parent goes in before it).
    const hasOpenTicket = new Set(d.tickets.filter((t) => t.closedAt === null && t.task).map((t) => t.task as string));
    const taskByArea = new Map<string, TaskDraft[]>();
    for (const t of d.tasks) taskByArea.set(t.area, [...(taskByArea.get(t.area) ?? []), t]);
    const areaDone = (a: AreaDraft): Date | null => {
      const own = taskByArea.get(a.key) ?? [];
      const children = d.areas.filter((c) => c.parent === a.key);
      if (a.kind === 'deck' || own.length === 0) return null;
      if (own.some((t) => t.status !== 'completed' || hasOpenTicket.has(t.key))) return null;
      const childDone = children.map(areaDone);
      if (childDone.some((c) => c === null)) return null;
      return new Date(Math.max(...own.map((t) => t.completedAt?.getTime() ?? 0), ...childDone.map((c) => c?.getTime() ?? 0)));
    };
    const areaId = new Map<string, number>();
    const completedAreas: { draft: AreaDraft; at: Date }[] = [];
    for (const kind of ['deck', 'area', 'subarea'] as const) {
      const level = d.areas.filter((a) => a.kind === kind);
      const rows = await tx
        .insert(projectAreas)
        .values(
          level.map((a) => {
            const done = areaDone(a);
            if (done) completedAreas.push({ draft: a, at: done });
            return {
              projectId: pid(a.project),
              parentId: a.parent ? (areaId.get(a.parent) ?? null) : null,
              kind: a.kind,
              number: a.number,
              name: a.name,
              areaType: a.areaType,
              status: done ? 'completed' : 'open',
              completedAt: done,
              planX: a.marker?.x ?? null,
              planY: a.marker?.y ?? null,
              sortOrder: a.sortOrder,
              createdAt: new Date(now.getTime() - 50 * day),
              updatedAt: done ?? now,
            };
          }),
        )
        .returning({ id: projectAreas.id });
      for (const [i, a] of level.entries()) areaId.set(a.key, rows[i]?.id as number);
    }
    const aid = (k: string) => {
      const id = areaId.get(k);
      if (id === undefined) throw new Error(`demo projects: no area '${k}'`);
      return id;
    };
    const projectOfArea = new Map(d.areas.map((a) => [a.key, a.project]));

    // Tasks: a task with an open ticket is open_ticket and remembers where it returns.
    const taskRows = await tx
      .insert(tasks)
      .values(
        d.tasks.map((t, i) => {
          const ticketOpen = hasOpenTicket.has(t.key);
          const status: TaskStatus = ticketOpen ? 'open_ticket' : t.status;
          return {
            projectId: pid(projectOfArea.get(t.area) as ProjectKey),
            areaId: aid(t.area),
            name: t.spec.name,
            notes: t.spec.notes ?? '',
            assignedEmployeeId: assigneeOf(t, i),
            status,
            statusBeforeTicket: ticketOpen ? t.status : null,
            planX: t.marker?.x ?? null,
            planY: t.marker?.y ?? null,
            sortOrder: t.sortOrder,
            completedAt: t.completedAt,
            createdAt: new Date(now.getTime() - 50 * day),
            updatedAt: t.completedAt ?? now,
          };
        }),
      )
      .returning({ id: tasks.id });
    const taskId = new Map(d.tasks.map((t, i) => [t.key, taskRows[i]?.id as number]));
    const taskIndex = new Map(d.tasks.map((t, i) => [t.key, i]));

    // Sub-tasks (the first `closedSubtasks` of each task closed), then their order lines.
    const subtaskDrafts = d.tasks.flatMap((t) =>
      t.spec.subtasks.map((s, i) => {
        const closed = i < t.closedSubtasks;
        const closedAt = closed ? (t.completedAt ?? new Date(now.getTime() - (2 + i) * day)) : null;
        return { task: t, spec: s, closedAt, sortOrder: i + 1 };
      }),
    );
    const subtaskRows = await tx
      .insert(subtasks)
      .values(
        subtaskDrafts.map((s) => ({
          taskId: taskId.get(s.task.key) as number,
          projectId: pid(projectOfArea.get(s.task.area) as ProjectKey),
          name: s.spec.name,
          amount: s.spec.amount,
          assembly: s.spec.assembly,
          assignedEmployeeId: assigneeOf(s.task, taskIndex.get(s.task.key) ?? 0),
          status: s.closedAt ? 'closed' : 'open',
          closedAt: s.closedAt,
          sortOrder: s.sortOrder,
          createdAt: new Date(now.getTime() - 50 * day),
          updatedAt: s.closedAt ?? now,
        })),
      )
      .returning({ id: subtasks.id });
    const lines = subtaskDrafts.flatMap((s, i) =>
      s.spec.lines.flatMap((l, position) => {
        const product = l.product ? (productId.get(l.product) ?? null) : null;
        const article = !l.product && l.article ? articleId(l.article) : null;
        if (product === null && article === null) return [];
        return [
          {
            subtaskId: subtaskRows[i]?.id as number,
            projectId: pid(projectOfArea.get(s.task.area) as ProjectKey),
            productId: product,
            articleId: article,
            quantity: l.quantity,
            notes: l.notes ?? '',
            position,
          },
        ];
      }),
    );
    if (lines.length) await tx.insert(orderLines).values(lines);

    // Tickets.
    const ticketRows = await tx
      .insert(tickets)
      .values(
        d.tickets.map((t) => ({
          projectId: pid(t.project),
          taskId: t.task ? (taskId.get(t.task) ?? null) : null,
          description: t.description,
          information: t.information,
          priority: t.priority,
          status: t.closedAt ? 'closed' : 'open',
          projectManagerId: employeeOf.pm,
          createdBy: pm.accountId,
          closedAt: t.closedAt,
          version: t.closedAt ? 2 : 1,
          createdAt: t.createdAt,
          updatedAt: t.closedAt ?? t.createdAt,
        })),
      )
      .returning({ id: tickets.id });

    // The feed: what was done, in the order it happened (the feed reads newest id first).
    const taskDraft = new Map(d.tasks.map((t) => [t.key, t]));
    const events: (typeof projectEvents.$inferInsert & { at: number })[] = [];
    const event = (e: Omit<typeof projectEvents.$inferInsert, 'accountId' | 'createdAt'>, at: Date) =>
      events.push({ ...e, accountId: pm.accountId, createdAt: at, at: at.getTime() });
    for (const { draft: a, at } of completedAreas) {
      event(
        {
          projectId: pid(a.project),
          kind: 'area.completed',
          subjectType: 'area',
          subjectId: aid(a.key),
          subjectName: a.name,
          areaId: aid(a.key),
          data: { kind: a.kind, number: a.number },
        },
        new Date(at.getTime() + 60_000),
      );
    }
    for (const t of d.tasks) {
      if (!t.completedAt) continue;
      const common = { projectId: pid(projectOfArea.get(t.area) as ProjectKey), areaId: aid(t.area), taskId: taskId.get(t.key) };
      event(
        {
          ...common,
          kind: 'task.completed',
          subjectType: 'task',
          subjectId: taskId.get(t.key) as number,
          subjectName: t.spec.name,
        },
        t.completedAt,
      );
    }
    subtaskDrafts.forEach((s, i) => {
      if (!s.closedAt) return;
      event(
        {
          projectId: pid(projectOfArea.get(s.task.area) as ProjectKey),
          kind: 'subtask.completed',
          subjectType: 'subtask',
          subjectId: subtaskRows[i]?.id as number,
          subjectName: s.spec.name,
          areaId: aid(s.task.area),
          taskId: taskId.get(s.task.key),
        },
        new Date(s.closedAt.getTime() - (s.task.spec.subtasks.length - s.sortOrder + 1) * 600_000),
      );
    });
    d.tickets.forEach((t, i) => {
      const task = t.task ? taskDraft.get(t.task) : undefined;
      const common = {
        projectId: pid(t.project),
        subjectType: 'ticket',
        subjectId: ticketRows[i]?.id as number,
        subjectName: t.description,
        areaId: task ? aid(task.area) : null,
        taskId: t.task ? (taskId.get(t.task) ?? null) : null,
      };
      event({ ...common, kind: 'ticket.created', data: { priority: t.priority, status: 'open' } }, t.createdAt);
      if (t.closedAt) event({ ...common, kind: 'ticket.updated', data: { status: 'closed' } }, t.closedAt);
    });
    events.sort((a, b) => a.at - b.at);
    await tx.insert(projectEvents).values(events.map(({ at: _at, ...e }) => e));

    // The plans, drawn meanwhile: media rows, then each area's plan (a deck's is its picture too) and the projects' pictures.
    const stored = await drawing;
    const mediaRows = await tx
      .insert(media)
      .values(
        stored.map((s) => ({
          storageKey: s.key,
          originalName: s.originalName,
          mime: 'image/png',
          size: s.size,
          width: s.width,
          height: s.height,
          createdBy: pm.accountId,
          createdAt: now,
        })),
      )
      .returning({ id: media.id });
    const withPlans = d.areas.filter((a) => a.plan !== null);
    const pairs = withPlans.map(
      (a, i) => sql`(${aid(a.key)}::int, ${mediaRows[i]?.id as number}::int, ${a.kind === 'deck'}::boolean)`,
    );
    await tx.execute(sql`UPDATE project_areas pa SET plan_media_id = v.media_id,
        thumbnail_media_id = CASE WHEN v.is_deck THEN v.media_id ELSE pa.thumbnail_media_id END
        FROM (VALUES ${sql.join(pairs, sql`, `)}) AS v(area_id, media_id, is_deck) WHERE pa.id = v.area_id`);
    const [shipPicture, hotelPicture] = mediaRows.slice(withPlans.length).map((m) => m.id);
    await tx.execute(sql`UPDATE projects SET featured_media_id = CASE id WHEN ${pid('ship')}::int THEN ${shipPicture ?? null}::int
        WHEN ${pid('hotel')}::int THEN ${hotelPicture ?? null}::int END WHERE id IN (${pid('ship')}::int, ${pid('hotel')}::int)`);

    return {
      projects: projectRows.length,
      areas: d.areas.length,
      tasks: taskRows.length,
      subtasks: subtaskRows.length,
      orderLines: lines.length,
      tickets: ticketRows.length,
      feedEvents: events.length,
      plans: mediaRows.length,
    };
  });
  const out = { ...result, ms: Date.now() - started };
  // CPU time too (the sharp threads included): on a busy machine the wall time says little.
  const cpu = process.cpuUsage(cpuStarted);
  p.log?.info(
    { event: 'demo.projects.loaded', ...out, cpuMs: Math.round((cpu.user + cpu.system) / 1000) },
    'demo projects loaded',
  );
  return out;
}

/** What the demo promises, for tests. */
export const DEMO_PROJECTS = {
  names: { ship: SHIP, hotel: HOTEL, bowling: BOWLING },
  decks: DECKS.map((d) => d.deck),
  cabinsPerDeck: CABINS_PER_DECK,
  detailedCabins: DETAILED_CABINS,
  /** Open tickets on a task: each task is open_ticket. */
  openTicketsOnTasks: 3,
};
