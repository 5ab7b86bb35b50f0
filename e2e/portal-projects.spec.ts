import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, API_HEADERS, apiLogin, submitLogin } from './support/app';
import { expect, test } from './support/axe';

// The portal's project pages and the customer's home dashboard; on a phone they are in
// the tour (tour.spec.ts). Nothing here changes data. Emma (Nordic Star Cruises) sees all areas of
// the ship; Thomas (Dunes Leisure Resorts) only the hotel's first floor. Thomas's first-login
// welcome is left for portal.spec.ts: he never opens the home page here. password-reset.spec.ts
// (which runs first in a full run) changes Emma's password and dismisses her welcome; this file
// works with either password and either state.

/** A screenshot for a person to look at, into PORTAL_PROJECTS_SHOTS when it is set (e.g. /tmp/shots/h1). */
async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.PORTAL_PROJECTS_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

test('Emma goes from her dashboard through a project, its areas, an area and a task to a sub-task with order lines', async ({
  pageAs,
}) => {
  const page = await pageAs('emma');
  await page.goto('/');

  // The dashboard: active projects, and each block with its own content or empty state.
  const projects = page.getByRole('region', { name: 'Jouw projecten' });
  await expect(projects.getByRole('radio', { name: 'Actief' })).toBeChecked();
  const card = projects.getByRole('article').filter({ hasText: 'MS Noordam refit 2027' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('progressbar')).toBeVisible();
  for (const block of ['Laatste meldingen', 'Bestellingen', 'Jouw producten', "Collega's"]) {
    await expect(page.getByRole('region', { name: block })).toBeVisible();
  }
  const orders = page.getByRole('region', { name: 'Bestellingen' });
  // The latest ongoing orders: the demo's design waiting for Emma's approval.
  await expect(orders.getByTestId('dashboard-order').first().getByRole('link')).toHaveAttribute('href', /^\/orders\/\d+$/);
  await expect(page.getByRole('region', { name: "Collega's" }).getByRole('listitem').first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Jouw producten' }).getByRole('link', { name: 'Alle producten' }),
  ).toHaveAttribute('href', '/company-products');
  await shot(page, 'home-desktop');

  // The archived tab is kept in the address; Nordic Star has none.
  await projects.getByText('Gearchiveerd', { exact: true }).click();
  await expect(page).toHaveURL('/?tab=archived');
  await expect(projects.getByText('Geen gearchiveerde projecten')).toBeVisible();
  await projects.getByText('Actief', { exact: true }).click();
  await expect(page).toHaveURL('/');

  // The project.
  await card.getByRole('link', { name: 'MS Noordam refit 2027' }).click();
  await expect(page).toHaveURL(/^.*\/project\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'MS Noordam refit 2027' })).toBeVisible();
  await expect(page.getByText('Emma Jansen (Nordic Star Cruises)')).toBeVisible();
  await expect(page.getByRole('link', { name: '+31 10 555 01 01' })).toHaveAttribute('href', 'tel:+31105550101');
  await expect(page.getByRole('link', { name: 'Openen in kaarten' })).toHaveAttribute('href', /maps\.google\.com/);
  await expect(page.getByRole('region', { name: 'Projectleiders' }).getByRole('listitem')).not.toHaveCount(0);
  await shot(page, 'project-desktop');

  // Its areas: the three decks with their cabins.
  await page.getByRole('link', { name: 'Ruimtes bekijken' }).click();
  await expect(page).toHaveURL(/\/project\/\d+\/areas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ruimtes' })).toBeVisible();
  for (const deck of ['Deck 4', 'Deck 5', 'Deck 6']) await expect(page.getByRole('region', { name: deck })).toBeVisible();
  const deck5 = page.getByRole('region', { name: 'Deck 5' });
  await expect(deck5.getByRole('link', { name: '2 subruimtes' }).first()).toBeVisible();
  await shot(page, 'areas-desktop');
  // The search filters the list and is kept in the address.
  await page.getByRole('searchbox', { name: 'Zoek een ruimte' }).fill('5001');
  await expect(page).toHaveURL(/\?q=5001$/);
  await expect(page.getByRole('region', { name: 'Deck 4' })).toHaveCount(0);
  await expect(deck5.getByTestId('area-row')).toHaveCount(1);

  // An area with its tasks and sub-areas.
  await deck5.getByRole('link', { name: 'Hut 5001', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hut 5001' })).toBeVisible();
  const tasks = page.getByRole('region', { name: '3 taken' });
  await expect(tasks.getByRole('link', { name: 'Wandpanelen monteren' })).toBeVisible();
  await expect(page.getByRole('link', { name: '2 subruimtes' })).toBeVisible();
  await shot(page, 'area-desktop');
  await page.getByRole('link', { name: '2 subruimtes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subruimtes van Hut 5001' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Badkamer' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Balkon' })).toBeVisible();
  await page.goBack();

  // A task and its sub-tasks.
  await tasks.getByRole('link', { name: 'Meubilair plaatsen' }).click();
  await expect(page).toHaveURL(/\/task\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Meubilair plaatsen' })).toBeVisible();
  const subtasks = page.getByRole('region', { name: '3 subtaken' });
  await expect(subtasks.getByTestId('subtask-row')).toHaveCount(3);
  await shot(page, 'task-desktop');

  // A sub-task with its order lines; a product's line opens its order-line page.
  await subtasks.getByRole('link', { name: 'Hutkast monteren' }).click();
  await expect(page).toHaveURL(/\/task\/\d+\/subtask\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Hutkast monteren' })).toBeVisible();
  const line = page.getByTestId('order-line').filter({ hasText: 'Hutkast Cabin Line' });
  await expect(line.getByRole('link', { name: 'Hutkast Cabin Line' })).toHaveAttribute('href', /^\/company-products\/\d+\/\d+$/);
  await expect(line).toContainText('Product');
  await shot(page, 'subtask-desktop');
  // The breadcrumbs lead back up.
  await expect(
    page.getByRole('navigation', { name: 'Kruimelpad' }).getByRole('link', { name: 'Meubilair plaatsen' }),
  ).toBeVisible();
});

test('Thomas sees only the deck his company may see, and another area of the hotel is not found', async ({ page, request }) => {
  // A deep link signs him in without the home page (his first-login welcome stays for portal.spec.ts).
  await page.goto('/settings');
  await submitLogin(page, ACCOUNTS.thomas);
  await expect(page).toHaveURL('/settings');
  const list = await page.request.get('/api/client/projects', { headers: API_HEADERS });
  const hotel = ((await list.json()) as { data: { id: number; name: string }[] }).data.find((p) =>
    p.name.startsWith('Hotel De Dunes'),
  );
  expect(hotel).toBeDefined();
  const projectId = hotel?.id as number;

  // The lobby's id, as the back office knows it (Thomas may not see it).
  expect(await apiLogin(request, ACCOUNTS.admin)).toBe(true);
  const staffAreas = (await (await request.get(`/api/projects/${projectId}/areas`, { headers: API_HEADERS })).json()) as {
    data: { decks: { id: number; name: string }[]; areas: { id: number; name: string }[] };
  };
  const lobby = staffAreas.data.areas.find((a) => a.name === 'Lobby');
  expect(lobby).toBeDefined();

  await page.goto(`/project/${projectId}`);
  await expect(page.getByRole('heading', { level: 1, name: hotel?.name })).toBeVisible();
  await page.getByRole('link', { name: 'View areas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Areas' })).toBeVisible();
  const sections = page.getByTestId('deck-section');
  await expect(sections).toHaveCount(1);
  const first = page.getByRole('region', { name: '1e verdieping' });
  await expect(first.getByRole('link', { name: 'Suite 101' })).toBeVisible();
  await expect(page.getByText('Begane grond', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Lobby', { exact: true })).toHaveCount(0);
  await shot(page, 'thomas-areas-desktop');

  // Under his deck: an area, its sub-area, a task.
  await first.getByRole('link', { name: 'Suite 101' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Suite 101' })).toBeVisible();
  await page.getByRole('link', { name: '1 sub-area' }).click();
  await expect(page.getByRole('link', { name: 'Badkamer' })).toBeVisible();

  // The lobby's address: the not-found screen, the same as an area that does not exist.
  await page.goto(`/project/${projectId}/areas/${lobby?.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This area does not exist (any more).' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to the home page' })).toBeVisible();
  await expect(page.getByText('Lobby', { exact: true })).toHaveCount(0);
  await shot(page, 'thomas-not-found-desktop');
});
