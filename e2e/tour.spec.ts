import fs from 'node:fs';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { ROUTE_NAMES, type RouteName } from '../packages/shared/src/platform/routes.ts';
import { ACCOUNTS, apiLogin, greeting, switchLanguage } from './support/app';
import { expect, test } from './support/axe';
import { type At, type Both, getJson, inLang, PageViews, type Stop, saveLocale, sidewaysScroll, tour } from './support/tour';

/** The demo's drawings (apps/server/src/demo/drawings.ts), which no flow changes. */
const DEMO_DRAWINGS = ['Hut 5012 — wandopstelling', 'Atrium — plafondplan', 'Sky Bar — baropstand'];

/**
 * The tour of every screen, one test per audience: the back office (as an administrator
 * of its own), the customer portal (a user of its own at Emma's company, Nordic Star Cruises) and
 * the signed-out screens. All three are tagged `@tour`: the 'tour' project, which runs in a worker
 * of its own beside the flows (playwright.config.ts); their own accounts keep the tours' language
 * switches away from the accounts the flows use. Each visits every screen
 * of its audience once in Dutch and once in English, at 1280 and 390 px, with axe on each
 * (support/tour.ts). The flows a person goes through are in the other specs; what a stop checks
 * beyond "the screen is there, in the right language, and fits" is what the per-screen tests it
 * replaced checked. The demo data is only read (ids come from the API first); nothing is saved.
 * TOUR_SHOTS=<dir> writes a screenshot per stop, width and language.
 */

/**
 * Route names no tour visits, and why. Everything else in ROUTE_NAMES must be visited: the last of
 * the three tours to finish in a run checks that (`checkRouteNames`).
 */
const NOT_TOURED: Partial<Record<RouteName, string>> = {
  // The fallback for an unknown address: editors.spec.ts and portal-projects.spec.ts open it.
  'not-found': 'no screen of its own to tour',
  // Shown only while an employee acts as a company (acting-as.spec.ts).
  'back-office': 'needs acting as a company',
};

const AUDIENCES = ['back-office', 'portal', 'guest'] as const;
type Audience = (typeof AUDIENCES)[number];

/**
 * Notes the route names a finished tour saw in its page views. The tours meet in files in the
 * project's output folder, which Playwright empties when a run starts (a retry runs in a new worker,
 * so memory would not do); the last tour to finish compares all three with ROUTE_NAMES.
 */
function checkRouteNames(audience: Audience, views: PageViews, testInfo: TestInfo): void {
  const dir = path.join(testInfo.project.outputDir, 'tour-routes');
  const file = (a: Audience) => path.join(dir, `${a}.json`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(`${file(audience)}.tmp`, JSON.stringify(views.routes()));
  fs.renameSync(`${file(audience)}.tmp`, file(audience));
  // A tour still on its way, or not part of this run (-g, a retry in a worker of its own).
  if (!AUDIENCES.every((a) => fs.existsSync(file(a)))) return;
  const visited = new Set(AUDIENCES.flatMap((a) => JSON.parse(fs.readFileSync(file(a), 'utf8')) as string[]));
  const missing = ROUTE_NAMES.filter((name) => !visited.has(name) && !(name in NOT_TOURED));
  expect(missing, 'route names no tour visited (add a stop, or a reason to NOT_TOURED)').toEqual([]);
  const toured = Object.keys(NOT_TOURED).filter((name) => visited.has(name));
  expect(toured, 'route names in NOT_TOURED that a tour visited').toEqual([]);
}

type Named = { id: number; name: string };
type List<T> = { data: T[] };
const one = <T>(rows: T[], what: string, pick: (row: T) => boolean = () => true): T => {
  const row = rows.find(pick);
  if (!row) throw new Error(`the demo data has no ${what}`);
  return row;
};

const SHIP = 'MS Noordam refit 2027';
const NORDIC = 'Nordic Star Cruises';

const text = (nl: string, en: string): Both<string> => [nl, en];
const lang2 = <T>(at: At, nl: T, en: T) => (at.lang === 'nl' ? nl : en);

// ---------------------------------------------------------------------------------------------
// What some stops check beyond the screen being there (from the per-screen tests they replace).

/** The products list: the completeness column, and two ticked rows show the bulk bar (bulk-products, completeness). */
async function productsList(page: Page, at: At): Promise<void> {
  await expect(page.getByText(/^(NL|EN) (✓|\d+ (ontbreekt|ontbreken|missing))$/).first()).toBeVisible();
  const rows = page.getByRole('main').getByRole('checkbox', { name: lang2(at, /^Selecteer (?!alle )/, /^Select (?!all )/) });
  if (at.landed) {
    await rows.nth(0).check();
    await rows.nth(1).check();
  }
  await expect(page.getByTestId('bulk-bar')).toContainText(lang2(at, '2 geselecteerd', '2 selected'));
}

/** The product editor: its completeness panel, and the image pickers' labels whole (completeness, editors). */
async function productEditor(page: Page, at: At): Promise<void> {
  await expect(page.getByTestId('completeness-panel')).toBeVisible();
  const choose = page.getByRole('button', { name: lang2(at, /^Kies uit galerij voor /, /^Choose from gallery for /) });
  await expect(choose).toHaveCount(3);
  await expect(choose).toHaveText(Array(3).fill(lang2(at, 'Kies uit galerij', 'Choose from gallery')));
  // Mantine cuts a label off when its text is wider than the room it gets.
  const cut = await choose.evaluateAll(
    (buttons) =>
      buttons.filter((b) => {
        const label = b.querySelector<HTMLElement>('.mantine-Button-label') ?? b;
        return label.scrollWidth > label.clientWidth + 1;
      }).length,
  );
  expect(cut, `${at.width} px: image picker labels cut off`).toBe(0);
}

/** On a phone, a list's row actions are within the screen (navigation's phone tests). */
function rowActionInReach(list: Both<string>, action: Both<RegExp>, role: 'link' | 'button') {
  return async (page: Page, at: At) => {
    if (at.width !== 390) return;
    const first = page
      .getByRole('list', { name: inLang(list, at.lang), exact: true })
      .getByRole('listitem')
      .first();
    await expect(first.getByRole(role, { name: inLang(action, at.lang) }).first()).toBeInViewport({ ratio: 1 });
  };
}

/** A company's access to a project: the area tree under 'Alleen geselecteerde ruimtes' fits; undone when leaving. */
async function showAreaTree(page: Page, at: At): Promise<void> {
  const only = page.getByRole('radio', { name: lang2(at, /Alleen geselecteerde ruimtes/, /Only selected areas/) });
  if (at.landed) await only.check();
  await expect(only).toBeChecked();
  await expect
    .poll(() => sidewaysScroll(page), { message: `${at.width} px: the area tree scrolls sideways` })
    .toBeLessThanOrEqual(0);
}

async function undoAreaTree(page: Page, at: At): Promise<void> {
  await page.getByRole('button', { name: lang2(at, 'Wijzigingen ongedaan maken', 'Undo changes') }).click();
  await expect(page.getByRole('radio', { name: lang2(at, /^Alle ruimtes/, /^All areas/) })).toBeChecked();
}

/** The planner in one view: its period, and the calendar or the people grid (planner). */
function plannerView(view: 'month' | 'week' | 'day' | 'people') {
  return async (page: Page) => {
    await expect(page.getByTestId('planner-period')).toBeVisible();
    if (view === 'people') await expect(page.locator('[data-testid^="week-"]').first()).toBeVisible();
    else await expect(page.getByTestId('planner-calendar').locator('.fc-view')).toBeVisible();
  };
}

// ---------------------------------------------------------------------------------------------

test.describe('the back office', () => {
  // An administrator of its own: the tour can run beside the flows (project 'tour'), which use the
  // demo admin, and it switches its language to English and back.
  test.use({ actor: 'tourAdmin' });

  test(
    'every screen of the back office, in Dutch and English, at 1280 and 390 px',
    { tag: '@tour' },
    async ({ page }, testInfo) => {
      test.setTimeout(900_000);
      const views = new PageViews(page);
      const get = <T>(url: string) => getJson<T>(page.request, url);

      // The demo's records, read first.
      const me = (await get<{ data: { guardable: { first_name: string } } }>('/api/user/current')).data.guardable;
      const ship = one(
        (await get<List<Named>>(`/api/projects?q=${encodeURIComponent('Noordam')}`)).data,
        SHIP,
        (p) => p.name === SHIP,
      );
      const p = `/projects/${ship.id}`;
      const { decks, areas } = (
        await get<{ data: { decks: Named[]; areas: (Named & { parentId: number; childrenCount: number })[] } }>(
          `/api/projects/${ship.id}/areas`,
        )
      ).data;
      const cabin = one(areas, 'cabin Hut 5002', (a) => a.name === 'Hut 5002');
      const withSubareas = one(areas, 'area with sub-areas', (a) => a.childrenCount > 0);
      const tasks = (await get<List<Named & { subtasksTotal: number }>>(`/api/projects/${ship.id}/areas/${cabin.id}/tasks`)).data;
      const task = one(tasks, 'task with sub-tasks', (t) => t.subtasksTotal > 0);
      const subtask = one((await get<List<Named>>(`/api/projects/${ship.id}/tasks/${task.id}/subtasks`)).data, 'sub-task');
      const ticket = one(
        (await get<List<{ id: number; description: string }>>(`/api/projects/${ship.id}/tickets`)).data,
        'ticket',
      );
      const drawing = one(
        (await get<List<Named & { latestVersion: { id: number; number: number } | null }>>(`/api/projects/${ship.id}/drawings`))
          .data,
        'demo drawing with a version',
        // A demo drawing: the flows running beside the tour make, change and delete drawings of their own.
        (d) => d.latestVersion !== null && DEMO_DRAWINGS.includes(d.name),
      );
      const version = drawing.latestVersion as { id: number; number: number };
      const firstDeck = one(decks, 'deck');
      const deckAreas = areas.filter((a) => a.parentId === firstDeck.id).slice(0, 2);
      const nordic = one((await get<List<Named>>('/api/companies?q=Nordic')).data, NORDIC, (c) => c.name === NORDIC);
      const c = `/companies/${nordic.id}`;
      const companyUser = one((await get<List<Named>>(`/api/companies/${nordic.id}/users`)).data, 'company user');
      const post = one((await get<List<{ id: number; title: string }>>(`/api/companies/${nordic.id}/posts`)).data, 'post');
      const access = one(
        (
          await get<List<{ projectId: number; projectName: string; allAreas: boolean }>>(
            `/api/companies/${nordic.id}/permissions`,
          )
        ).data,
        'project of Nordic Star with all areas',
        (a) => a.allAreas,
      );
      const article = one((await get<List<Named>>('/api/articles?perPage=1')).data, 'article');
      const product = one(
        (await get<List<{ id: number; nameNl: string; nameEn: string }>>('/api/products?perPage=1')).data,
        'product',
      );
      const material = one((await get<List<Named>>('/api/robox/materials?perPage=1')).data, 'Robox material');
      const category = one((await get<List<Named>>('/api/robox/material-categories?perPage=1')).data, 'Robox category');
      const role = one((await get<List<Named & { is_admin: boolean }>>('/api/roles')).data, 'role', (r) => !r.is_admin);
      const bram = one((await get<List<Named>>('/api/users?q=Bram')).data, 'fitter Bram', (u) => u.name === 'Bram de Jong');
      const u = `/users/${bram.id}`;
      const leave = one((await get<List<Named>>('/api/collective-leaves')).data, 'collective leave');
      const request = one((await get<List<{ id: number; title: string }>>('/api/orders')).data, 'product request');

      const stops: Stop[] = [
        {
          route: 'home',
          path: '/',
          h1: [greeting(me.first_name, 'nl'), greeting(me.first_name, 'en')],
          // The planner's card on the home screen (planner).
          check: async (page, at) => {
            const card = page.getByRole('region', { name: lang2(at, 'Mijn planning', 'My planning') });
            await expect(card).toBeVisible();
            await expect(card.locator('[aria-busy="true"]')).toHaveCount(0);
          },
        },
        {
          route: 'archive-companies',
          path: '/companies',
          h1: text('Bedrijven', 'Companies'),
          check: (page) => expect(page.getByRole('link', { name: NORDIC })).toBeVisible(),
        },
        { route: 'company.create', path: '/companies/new', h1: text('Nieuw bedrijf', 'New company') },
        { route: 'company.analytics', path: '/companies/analytics', h1: text('Statistieken', 'Statistics') },
        {
          route: 'company.details',
          path: c,
          h1: NORDIC,
          check: (page) => expect(page.getByTestId('brand-preview')).toBeVisible(),
        },
        {
          route: 'company.users',
          path: `${c}/users`,
          h1: NORDIC,
          title: text('Gebruikers', 'Users'),
          check: (page) => expect(page.getByText(companyUser.name, { exact: true }).first()).toBeVisible(),
        },
        {
          route: 'company.user.create',
          path: `${c}/users/new`,
          h1: NORDIC,
          title: text('Nieuwe gebruiker', 'New user'),
        },
        {
          route: 'company.user.details',
          path: `${c}/users/${companyUser.id}`,
          h1: NORDIC,
          title: companyUser.name,
          check: (page) => expect(page.getByText(companyUser.name, { exact: true }).first()).toBeVisible(),
        },
        {
          route: 'company.permissions',
          path: `${c}/permissions?project=${access.projectId}`,
          h1: NORDIC,
          title: text('Permissies', 'Permissions'),
          check: showAreaTree,
          leave: undoAreaTree,
        },
        { route: 'company.products', path: `${c}/products`, h1: NORDIC, title: text('Producten', 'Products') },
        { route: 'company.posts', path: `${c}/posts`, h1: NORDIC, title: text('Berichten', 'Posts') },
        { route: 'company.post.create', path: `${c}/posts/new`, h1: NORDIC, title: text('Nieuw bericht', 'New post') },
        {
          route: 'company.post.details',
          path: `${c}/posts/${post.id}`,
          h1: NORDIC,
          title: text('Bericht', 'Post'),
          check: (page) => expect(page.getByRole('heading', { level: 2, name: post.title })).toBeVisible(),
        },
        { route: 'catalogue.index', path: '/catalogue', h1: text('Catalogus', 'Catalogue') },
        {
          route: 'articles.index',
          path: '/articles',
          h1: text('Artikelen', 'Articles'),
          check: async (page, at) => {
            if (at.width !== 390) return;
            const list = page.getByRole('list', { name: lang2(at, 'Artikelen', 'Articles'), exact: true });
            await expect(list.getByRole('listitem').first().getByRole('link').first()).toBeVisible();
          },
        },
        { route: 'articles.show', path: `/articles/${article.id}`, h1: article.name },
        { route: 'articles.sync', path: '/sync', h1: text('Artikelen synchroniseren', 'Sync Articles') },
        { route: 'articles.products-index', path: '/products', h1: text('Producten', 'Products'), check: productsList },
        {
          route: 'products.edit',
          path: `/products/${product.id}`,
          h1: text(product.nameNl, product.nameEn || product.nameNl),
          check: productEditor,
        },
        { route: 'product.order', path: '/order', h1: text('Producten sorteren', 'Sort products') },
        { route: 'product.attributes', path: '/attributes', h1: text('Attributen', 'Attributes') },
        { route: 'attributes.archive', path: '/attributes/categories', h1: text('Categorieën', 'Categories') },
        {
          route: 'archive-robox-material',
          path: '/robox/materials',
          h1: text('Robox-materialen', 'Robox materials'),
          check: rowActionInReach(text('Robox-materialen', 'Robox materials'), [/verwijderen$/, /^Delete /], 'button'),
        },
        {
          route: 'robox-material.create',
          path: '/robox/materials/create',
          h1: text('Nieuw Robox-materiaal', 'New Robox material'),
        },
        { route: 'robox-material.edit', path: `/robox/materials/${material.id}/edit`, h1: material.name },
        {
          route: 'archive-robox-material-category',
          path: '/robox/material-categories',
          h1: text('Robox-categorieën', 'Robox categories'),
        },
        {
          route: 'robox-material-category.create',
          path: '/robox/material-categories/create',
          h1: text('Nieuwe materiaalcategorie', 'New material category'),
        },
        { route: 'robox-material-category.edit', path: `/robox/material-categories/${category.id}/edit`, h1: category.name },
        ...(['month', 'week', 'day', 'people'] as const).map(
          (view): Stop => ({
            route: 'planner',
            path: `/planner?view=${view}`,
            h1: text('Planning', 'Planner'),
            check: plannerView(view),
          }),
        ),
        { route: 'notifications.index', path: '/notifications', h1: text('Meldingen', 'Notifications') },
        { route: 'settings.index', path: '/settings', h1: text('Instellingen', 'Settings') },
        {
          route: 'roles.index',
          path: '/settings/roles',
          h1: text('Rollen', 'Roles'),
          check: rowActionInReach(text('Rollen', 'Roles'), [/bewerken$/, /^Edit /], 'link'),
        },
        { route: 'roles.create', path: '/settings/roles/new', h1: text('Nieuwe rol', 'New role') },
        { route: 'roles.edit', path: `/settings/roles/${role.id}`, h1: role.name },
        { route: 'permissions.index', path: '/settings/permissions', h1: text('Permissies', 'Permissions') },
        { route: 'projects.index', path: '/projects', h1: text('Projecten', 'Projects') },
        { route: 'projects.create', path: '/projects/create', h1: text('Project aanmaken', 'Create project') },
        { route: 'projects.details', path: `${p}/details`, h1: SHIP, title: text('Gegevens', 'Details') },
        { route: 'projects.feed', path: `${p}/feed`, h1: SHIP, title: 'Feed' },
        {
          route: 'projects.timeline',
          path: `${p}/timeline`,
          h1: SHIP,
          title: text('Tijdlijn', 'Timeline'),
          // The demo plans the coming weeks (timeline).
          check: (page) => expect(page.getByRole('button', { name: /^Plafonds en wanden/ }).first()).toBeVisible(),
          // The tasks view: the demo's tasks with their own bars, and a word on the items it leaves out.
          leave: async (page, at) => {
            if (at.lang !== 'nl') return;
            await page
              .locator('label')
              .filter({ hasText: /^Taken$/ })
              .click();
            await expect(page).toHaveURL(/rows=tasks/);
            await expect(page.getByText(/staan op een ruimte en niet op een taak/)).toBeVisible();
          },
        },
        { route: 'projects.templates', path: `${p}/templates`, h1: SHIP, title: text('Sjablonen', 'Templates') },
        {
          route: 'project-articles.index',
          path: `${p}/articles?sort=-total`,
          h1: SHIP,
          title: text('Artikelen', 'Articles'),
          // The largest item's quantities per area open in a dialog (project-articles).
          check: async (page, at) => {
            await page
              .getByRole('button', { name: lang2(at, /: aantallen van /, /: quantities of /) })
              .first()
              .click();
            const dialog = page.getByRole('dialog');
            await expect(dialog).toBeVisible();
            await page.keyboard.press('Escape');
            await expect(dialog).toBeHidden();
          },
        },
        { route: 'budgets.show', path: `${p}/budget`, h1: SHIP, title: text('Budget', 'Budget') },
        { route: 'projects.tickets', path: `${p}/tickets`, h1: SHIP, title: text('Tickets', 'Tickets') },
        { route: 'projects.ticket', path: `${p}/tickets/${ticket.id}`, h1: SHIP, title: ticket.description },
        { route: 'tickets.index', path: '/tickets', h1: text('Tickets', 'Tickets') },
        { route: 'tickets.show', path: `/tickets/${ticket.id}`, h1: ticket.description },
        { route: 'projects.areas', path: `${p}/areas`, h1: SHIP, title: text('Ruimtes', 'Areas') },
        { route: 'projects.area', path: `${p}/areas/${cabin.id}`, h1: SHIP, title: cabin.name },
        {
          route: 'projects.subareas',
          path: `${p}/areas/${withSubareas.id}/subareas`,
          h1: SHIP,
          title: text('Subruimtes', 'Sub-areas'),
        },
        {
          route: 'projects.task',
          path: `${p}/areas/${cabin.id}/task/${task.id}`,
          h1: SHIP,
          title: task.name,
          check: (page) => expect(page.getByRole('dialog')).toBeVisible(),
        },
        {
          route: 'projects.subtask',
          path: `${p}/areas/${cabin.id}/task/${task.id}/subtask/${subtask.id}`,
          h1: SHIP,
          title: subtask.name,
          check: (page) => expect(page.getByRole('dialog')).toBeVisible(),
        },
        { route: 'projects.tasks', path: `${p}/tasks`, h1: SHIP, title: text('Taken', 'Tasks') },
        {
          route: 'project-tasks.print',
          path: `${p}/task-list?areas=${deckAreas.map((a) => a.id).join(',')}`,
          h1: SHIP,
          title: text('Montagelijst', 'Assembly list'),
          check: (page) => expect(page.getByTestId('task-list-sheet')).toBeVisible(),
        },
        { route: 'projects.drawings', path: `${p}/drawings`, h1: SHIP, title: text('Tekeningen', 'Drawings') },
        { route: 'projects.drawings.create', path: `${p}/drawings/new`, h1: SHIP, title: text('Nieuwe tekening', 'New drawing') },
        { route: 'projects.drawing', path: `${p}/drawings/${drawing.id}`, h1: SHIP, title: drawing.name },
        {
          route: 'projects.drawing-version',
          path: `${p}/drawings/${drawing.id}/versions/${version.id}`,
          h1: SHIP,
          title: `v${version.number}`,
        },
        { route: 'projects.hours', path: `${p}/hours`, h1: SHIP, title: text('Uren', 'Hours') },
        { route: 'hours.index', path: '/projects/hours', h1: text('Uren op projecten', 'Hours on projects') },
        { route: 'requests.index', path: '/requests', h1: text('Aanvragen', 'Requests') },
        { route: 'requests.show', path: `/requests/${request.id}`, h1: request.title },
        { route: 'users.index', path: '/users', h1: text('Medewerkers', 'Employees') },
        { route: 'users.create', path: '/users/new', h1: text('Nieuwe medewerker', 'New employee') },
        { route: 'users.expiring', path: '/users/expiring', h1: text('Verloopt binnenkort', 'Expiring soon') },
        { route: 'users.archive-leave', path: '/users/leave', h1: text('Verlofaanvragen', 'Leave requests') },
        { route: 'users.show', path: u, h1: bram.name },
        { route: 'users.schedule', path: `${u}/schedule`, h1: text('Rooster', 'Schedule') },
        { route: 'users.show-hours', path: `${u}/booked-hours`, h1: text('Uren', 'Hours') },
        { route: 'users.show-declarations', path: `${u}/declarations`, h1: text('Declaraties', 'Declarations') },
        { route: 'users.show-overnights', path: `${u}/overnights`, h1: text('Overnachtingen', 'Overnight stays') },
        { route: 'users.documents', path: `${u}/documents`, h1: text('Documenten', 'Documents') },
        { route: 'users.contracts', path: `${u}/contracts`, h1: text('Contracten', 'Contracts') },
        { route: 'users.leave-card', path: `${u}/leave-card`, h1: text('Verlofkaart', 'Leave card') },
        {
          route: 'users.mobile-settings',
          path: `${u}/mobile-settings`,
          h1: bram.name,
          title: text('Mobiele instellingen', 'Mobile settings'),
        },
        { route: 'hours.mine', path: '/hours', h1: text('Mijn uren', 'My hours') },
        { route: 'hours.timesheets', path: '/hours/timesheets', h1: text('Urenverantwoording', 'Timesheets') },
        { route: 'declarations.index', path: '/declarations', h1: text('Declaraties', 'Declarations') },
        { route: 'field.index', path: '/field', h1: text('Onderweg', 'On the go') },
        { route: 'settings.export-hours', path: '/settings/hours/export', h1: text('Uren exporteren', 'Export hours') },
        { route: 'settings.export-overnights', path: '/settings/overnights', h1: text('Overnachtingen', 'Overnight stays') },
        { route: 'settings.declarations', path: '/settings/declarations', h1: text('Declaraties', 'Declarations') },
        { route: 'leave-types', path: '/settings/hours/leave-types', h1: text('Verlofsoorten', 'Leave types') },
        {
          route: 'collective-leave',
          path: '/settings/hours/collective-leaves',
          h1: text('Collectieve vrije dagen', 'Collective leave'),
        },
        {
          route: 'collective-leave.create',
          path: '/settings/hours/collective-leaves/new',
          h1: text('Nieuwe collectieve vrije dagen', 'New collective leave'),
        },
        { route: 'collective-leave.show', path: `/settings/hours/collective-leaves/${leave.id}`, h1: leave.name },
        { route: 'hour-rules', path: '/settings/hours/hour-rules', h1: text('Uurregels', 'Hour rules') },
      ];

      try {
        await tour(page, views, stops, { audience: 'back-office', toEnglish: (page) => switchLanguage(page, 'EN') }, testInfo);
      } finally {
        // The administrator's browser context is shared by the tests after this one.
        await saveLocale(page, 'nl');
      }
      checkRouteNames('back-office', views, testInfo);
    },
  );
});

test.describe('the customer portal', () => {
  // A user of Emma's company of its own (support/actors.ts): the tour switches its language while
  // the flows run beside it as Emma.
  test.use({ actor: 'tourClient' });

  test(
    'every screen of the portal, in Dutch and English, at 1280 and 390 px',
    { tag: '@tour' },
    async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      const views = new PageViews(page);
      const get = <T>(url: string) => getJson<T>(page.request, url);
      // Product names in both languages, as the back office has them (the portal shows them in its language only).
      expect(await apiLogin(request, ACCOUNTS.admin)).toBe(true);
      const productNames = async (id: number): Promise<Both<string>> => {
        const { data } = await getJson<{ data: { nameNl: string; nameEn: string } }>(request, `/api/products/${id}`);
        return [data.nameNl, data.nameEn || data.nameNl];
      };

      const ship = one((await get<List<Named>>('/api/client/projects')).data, SHIP, (p) => p.name === SHIP);
      const areas = (
        await get<{ data: (Named & { kind: string; childrenCount: number })[] }>(`/api/client/projects/${ship.id}/areas`)
      ).data;
      const cabin = one(areas, 'cabin Hut 5002', (a) => a.name === 'Hut 5002');
      const withSubareas = one(areas, 'area with sub-areas', (a) => a.kind === 'area' && a.childrenCount > 0);
      const area = (
        await get<{ data: { tasks: (Named & { subtasksTotal: number })[] } }>(`/api/client/projects/${ship.id}/areas/${cabin.id}`)
      ).data;
      const task = one(area.tasks, 'task with sub-tasks', (t) => t.subtasksTotal > 0);
      const subtask = one((await get<{ data: { subtasks: Named[] } }>(`/api/client/tasks/${task.id}`)).data.subtasks, 'sub-task');
      // A sub-task with a product on its order lines: the line's page shows that product.
      let orderLine: { id: number; itemId: number } | undefined;
      for (const t of area.tasks) {
        const subtasks = (await get<{ data: { subtasks: Named[] } }>(`/api/client/tasks/${t.id}`)).data.subtasks;
        for (const s of subtasks) {
          const lines = (
            await get<{ data: { orderLines: { id: number; kind: string; itemId: number }[] } }>(
              `/api/client/tasks/${t.id}/subtasks/${s.id}`,
            )
          ).data.orderLines;
          orderLine = lines.find((l) => l.kind === 'product');
          if (orderLine) break;
        }
        if (orderLine) break;
      }
      if (!orderLine) throw new Error(`no product on the order lines of ${cabin.name}`);
      const companyProduct = one(
        (await get<List<{ id: number; product: { id: number } }>>('/api/client/company-products')).data,
        'product of Nordic Star',
      );
      const post = one((await get<List<{ id: number; title: string }>>('/api/client/posts')).data, 'news post');
      const drawing = one(
        (await get<List<Named & { latestVersion: { id: number; number: number } | null }>>('/api/client/drawings')).data,
        'demo drawing with a version',
        // A demo drawing: the flows running beside the tour make, change and delete drawings of their own.
        (d) => d.latestVersion !== null && DEMO_DRAWINGS.includes(d.name),
      );
      const version = drawing.latestVersion as { id: number; number: number };
      const order = one((await get<List<{ id: number; title: string }>>('/api/client/orders')).data, 'order');
      const inspiration = one(
        (await get<List<{ id: number; nameNl: string; nameEn: string }>>('/api/public/products?perPage=1')).data,
        'public product',
      );

      const stops: Stop[] = [
        {
          route: 'home',
          path: '/',
          h1: text('Projecten', 'Projects'),
          // On a phone the dashboard's blocks stack in one column (portal-projects).
          check: async (page, at) => {
            if (at.width !== 390) return;
            const blocks = page.getByTestId('dashboard-blocks').getByRole('region');
            await expect(blocks).toHaveCount(4);
            const boxes = await blocks.evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
            for (let i = 1; i < boxes.length; i++) expect(boxes[i]?.top).toBeGreaterThan(boxes[i - 1]?.bottom ?? 0);
          },
        },
        { route: 'projects.show', path: `/project/${ship.id}`, h1: SHIP },
        { route: 'project-areas.index', path: `/project/${ship.id}/areas`, h1: text('Ruimtes', 'Areas') },
        {
          route: 'project-areas.single',
          path: `/project/${ship.id}/areas/${cabin.id}`,
          h1: cabin.name,
          check: async (page, at) => {
            const taskRows = page.getByRole('region', { name: lang2(at, '3 taken', '3 tasks') }).getByTestId('task-row');
            await expect(taskRows).toHaveCount(3);
          },
        },
        {
          route: 'project-area-subareas.index',
          path: `/project/${ship.id}/areas/${withSubareas.id}/subareas`,
          h1: text(`Subruimtes van ${withSubareas.name}`, `Sub-areas of ${withSubareas.name}`),
        },
        { route: 'task.show', path: `/task/${task.id}`, h1: task.name },
        { route: 'subtask.show', path: `/task/${task.id}/subtask/${subtask.id}`, h1: subtask.name },
        { route: 'company-products.index', path: '/company-products', h1: text('Jouw producten', 'Your products') },
        {
          route: 'project-orderlines.show',
          path: `/company-products/${ship.id}/${orderLine.id}`,
          h1: await productNames(orderLine.itemId),
        },
        { route: 'product-files.index', path: '/product-files', h1: text('Productbestanden', 'Product files') },
        {
          route: 'product-files.show',
          path: `/product-files/${companyProduct.id}`,
          h1: await productNames(companyProduct.product.id),
        },
        { route: 'news.index', path: '/news', h1: text('Nieuws', 'News') },
        { route: 'news.show', path: `/news/${post.id}`, h1: post.title },
        { route: 'notifications.index', path: '/notifications', h1: text('Meldingen', 'Notifications') },
        { route: 'portal-users.index', path: '/users', h1: text('Gebruikers', 'Users') },
        { route: 'settings', path: '/settings', h1: text('Mijn account', 'My account') },
        { route: 'drawings.index', path: '/drawings', h1: text('Tekeningen', 'Drawings') },
        { route: 'drawings.create', path: '/drawings/new', h1: text('Nieuwe tekening', 'New drawing') },
        { route: 'drawings.show', path: `/drawings/${drawing.id}`, h1: drawing.name },
        {
          route: 'drawings.edit',
          path: `/drawings/${drawing.id}/edit`,
          h1: text(`‘${drawing.name}’ bewerken`, `Edit ‘${drawing.name}’`),
        },
        {
          route: 'drawing-versions.show',
          path: `/drawings/${drawing.id}/versions/${version.id}`,
          h1: text(`${drawing.name} – versie ${version.number}`, `${drawing.name} – version ${version.number}`),
        },
        { route: 'orders.index', path: '/orders', h1: text('Bestellingen', 'Orders') },
        { route: 'orders.create', path: '/orders/new', h1: text('Product aanvragen', 'Request a product') },
        { route: 'orders.show', path: `/orders/${order.id}`, h1: order.title },
        { route: 'products', path: '/public/products', h1: text('Producten', 'Products') },
        {
          route: 'show-inspiration-product',
          path: `/public/products/${inspiration.id}`,
          h1: text(inspiration.nameNl, inspiration.nameEn || inspiration.nameNl),
        },
      ];

      try {
        await tour(page, views, stops, { audience: 'portal', toEnglish: (page) => switchLanguage(page, 'EN') }, testInfo);
      } finally {
        // The account's browser context is shared by the tests after this one.
        await saveLocale(page, 'nl');
      }
      checkRouteNames('portal', views, testInfo);
    },
  );
});

test('every signed-out screen, in Dutch and English, at 1280 and 390 px', { tag: '@tour' }, async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const views = new PageViews(page);
  // The password forms show for a live link only: the link's token check is answered here, so no
  // token has to be made (password-reset.spec.ts and company-users.spec.ts follow real links).
  await page.route('**/api/auth/check-token', (route) =>
    route.fulfill({
      json: {
        data: {
          email: 'lotte@nordicstar.test',
          name: 'Lotte Visser',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        },
      },
    }),
  );
  const inspiration = one(
    (await getJson<List<{ id: number; nameNl: string; nameEn: string }>>(page.request, '/api/public/products?perPage=1')).data,
    'public product',
  );
  const stops: Stop[] = [
    { route: 'login', path: '/auth/login', h1: text('Inloggen', 'Login') },
    { route: 'reset-password', path: '/auth/reset-password', h1: text('Wachtwoord vergeten', 'Forgot password') },
    {
      route: 'new-password',
      path: '/auth/new-password#token=tour',
      h1: text('Wachtwoord herstellen', 'Recover password'),
      check: (page, at) =>
        expect(page.getByRole('button', { name: lang2(at, 'Wachtwoord opslaan', 'Save password') })).toBeVisible(),
    },
    {
      route: 'create-password',
      path: '/auth/create-password#token=tour',
      h1: text('Wachtwoord aanmaken', 'Create password'),
      check: (page, at) =>
        expect(page.getByRole('button', { name: lang2(at, 'Account activeren', 'Activate account') })).toBeVisible(),
    },
    { route: 'products', path: '/public/products', h1: text('Producten', 'Products') },
    {
      route: 'show-inspiration-product',
      path: `/public/products/${inspiration.id}`,
      h1: text(inspiration.nameNl, inspiration.nameEn || inspiration.nameNl),
    },
  ];
  await tour(page, views, stops, { audience: 'guest', toEnglish: (page) => switchLanguage(page, 'EN') }, testInfo);
  checkRouteNames('guest', views, testInfo);
});
