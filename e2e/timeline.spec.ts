import type { Locator, Page } from '@playwright/test';
import { toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, uniqueTag } from './support/catalogue';

/**
 * The project timeline: a project manager plans an item on a cabin, drags it two weeks
 * later with the mouse and finds it there after a reload, then moves it a week and a row further
 * with the keyboard. Every test makes its own project, so the demo projects never change.
 * Screenshots (1280 and 390 px wide) go to TIMELINE_SHOTS when it is set. The demo ship's timeline
 * and its tasks view are in the tour (tour.spec.ts).
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

interface TimelineItem {
  id: number;
  title: string;
  startWeek: string;
  weeks: number;
  target: { kind: string; id: number; label: string };
}
interface Timeline {
  from: string;
  currentWeek: string;
  items: TimelineItem[];
}

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: sign in first');
  const res = await page.request.post(path, {
    headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': decodeURIComponent(cookie.value) },
    data,
  });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** A project of the demo project manager with two cabins (made over the API). */
async function projectWithCabins(page: Page, tag: string) {
  const { data: people } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/employees/options');
  const daan = people.find((e) => e.name.startsWith('Daan'));
  if (!daan) throw new Error('no Daan');
  const project = await apiPost<{ id: number }>(page, '/api/projects', { name: `Tijdlijn E2E ${tag}`, managerIds: [daan.id] });
  const a = await apiPost<{ id: number }>(page, `/api/projects/${project.id}/areas`, {
    kind: 'area',
    number: 'T01',
    name: 'Hut',
  });
  const b = await apiPost<{ id: number }>(page, `/api/projects/${project.id}/areas`, {
    kind: 'area',
    number: 'T02',
    name: 'Hut',
  });
  return { projectId: project.id, areaA: a.id, areaB: b.id };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** The week keys of the grid's columns, in order (from the header cells' test ids). */
async function weekKeys(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="week-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.slice('week-'.length));
}

const stored = async (page: Page, projectId: number) =>
  (await apiGet<{ data: Timeline }>(page, `/api/projects/${projectId}/timeline?weeks=12`)).data;

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'projectManager' });

test('a project manager plans an item, drags it to another week with the mouse, reloads, and moves it with the keyboard', async ({
  page,
}) => {
  const tag = uniqueTag();
  const title = `Plafonds ${tag}`;
  const { projectId, areaA, areaB } = await projectWithCabins(page, tag);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/projects/${projectId}`);
  await page
    .getByRole('navigation', { name: /Onderdelen van/ })
    .getByRole('link', { name: 'Tijdlijn' })
    .click();
  await expect(page).toHaveURL(`/projects/${projectId}/timeline`);
  await expect(page.getByRole('heading', { level: 2, name: 'Tijdlijn' })).toBeVisible();
  await expect(page.getByText('Nog niets gepland in deze weken.', { exact: false })).toBeVisible();
  const weeks = await weekKeys(page);
  expect(weeks).toHaveLength(12);
  // This week is the first column, and marked.
  await expect(page.getByTestId(`week-${weeks[0]}`)).toHaveAttribute('aria-current', 'date');

  // Create: the first row and this week are filled in.
  await page.getByRole('button', { name: 'Nieuw item' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nieuw tijdlijnitem' });
  await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
  await expect(dialog.getByRole('textbox', { name: 'Eerste week' })).toHaveValue(weeks[0] ?? '');
  await dialog.getByRole('textbox', { name: 'Eerste week' }).fill('2027-W53');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(dialog.getByText('Deze week bestaat niet')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Eerste week' }).fill(weeks[0] ?? '');
  await dialog.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(toast(page, `${title} is toegevoegd aan de tijdlijn.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  const rowA = page.getByTestId(`row-area:${areaA}`);
  const rowB = page.getByTestId(`row-area:${areaB}`);
  const bar = page.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(rowA.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();

  // Drag the bar two weeks later with the mouse.
  const from = await boxOf(bar);
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/timeline/'));
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 20 + 76 * 2, from.y + from.height / 2, { steps: 8 });
  await page.mouse.up();
  expect((await saved).status()).toBe(200);
  expect((await stored(page, projectId)).items[0]?.startWeek).toBe(weeks[2]);

  // Still there after a reload.
  await page.reload();
  const afterReload = await boxOf(rowA.getByRole('button', { name: new RegExp(`^${title}`) }));
  const colStart = await boxOf(page.getByTestId(`week-${weeks[2]}`));
  expect(Math.abs(afterReload.x - colStart.x)).toBeLessThan(8);

  // With the keyboard: a week later and a row down, sent together once the keys rest.
  const keyed = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/timeline/'));
  await rowA.getByRole('button', { name: new RegExp(`^${title}`) }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(rowB.getByRole('button', { name: new RegExp(`^${title}`) })).toBeFocused();
  await expect(page.getByTestId('timeline-announcement')).toContainText('T02 · Hut');
  expect((await keyed).status()).toBe(200);
  const item = (await stored(page, projectId)).items[0];
  expect(item).toMatchObject({ startWeek: weeks[3], target: { kind: 'area', id: areaB } });
  await page.reload();
  await expect(rowB.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();

  // Drag its right edge one week further: two weeks long.
  const edge = await boxOf(page.getByTestId(`resize-${item?.id}`));
  const resized = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/timeline/'));
  await page.mouse.move(edge.x + edge.width / 2, edge.y + edge.height / 2);
  await page.mouse.down();
  await page.mouse.move(edge.x + edge.width / 2 + 76, edge.y + edge.height / 2, { steps: 6 });
  await page.mouse.up();
  expect((await resized).status()).toBe(200);
  expect((await stored(page, projectId)).items[0]).toMatchObject({ startWeek: weeks[3], weeks: 2 });
  await expect(rowB.getByRole('button', { name: new RegExp(`^${title}`) })).toHaveAccessibleName(/week \d+.* t\/m \d+/);

  const shots = process.env.TIMELINE_SHOTS;
  for (const [name, width] of [
    ['wide', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(rowB.getByRole('button', { name: new RegExp(`^${title}`) })).toBeVisible();
    // Only the grid scrolls sideways, never the page (once the layout has followed the new width).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), {
        message: `${name}: the page scrolls sideways`,
      })
      .toBeLessThanOrEqual(0);
    if (shots) await page.screenshot({ path: `${shots}/timeline-${name}.png`, fullPage: true });
  }

  // Open the item and delete it (after a question).
  await rowB.getByRole('button', { name: new RegExp(`^${title}`) }).click();
  const edit = page.getByRole('dialog', { name: `${title} bewerken` });
  await edit.getByRole('button', { name: 'Verwijderen' }).click();
  await page.getByRole('dialog', { name: 'Item verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, `${title} is verwijderd.`)).toBeVisible();
  expect((await stored(page, projectId)).items).toHaveLength(0);
});
