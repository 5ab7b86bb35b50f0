import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, uniqueTag } from './support/catalogue';

/**
 * Templates: a project manager saves a demo project's decks, areas and sub-areas as a
 * template, applies it to a new project and watches the progress bar reach 100 % and the summary,
 * then finds the areas on the areas tab; applying it again creates nothing and says what it
 * skipped. The new project is made over the API and carries `uniqueTag()`, so the demo projects
 * never change. Screenshots (1280 and 390 px wide) go to TEMPLATES_SHOTS when it is set.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const SHOTS = process.env.TEMPLATES_SHOTS;

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

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'projectManager' });

test('a project manager saves a demo project as a template, applies it to a new project and watches the progress to the summary', async ({
  page,
}) => {
  const tag = uniqueTag();
  const title = `Refit-opbouw ${tag}`;

  // The demo project with the most areas is the one to copy.
  const { data: list } = await apiGet<{ data: { id: number; name: string; areasCount: number }[] }>(
    page,
    '/api/projects?perPage=50',
  );
  const demo = [...list].sort((a, b) => b.areasCount - a.areasCount)[0];
  if (!demo) throw new Error('no demo project');

  // Save it as a template from its templates tab.
  await page.goto(`/projects/${demo.id}/areas`);
  await page.getByRole('link', { name: 'Sjablonen' }).click();
  await expect(page).toHaveURL(`/projects/${demo.id}/templates`);
  await expect(page.getByRole('heading', { level: 2, name: 'Sjablonen' })).toBeVisible();
  // The demo's two templates are there.
  await expect(page.getByRole('button', { name: 'Hutdek cruiseschip (40 hutten)', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Opslaan als sjabloon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Project opslaan als sjabloon' });
  await dialog.getByRole('textbox', { name: 'Titel' }).fill(title);
  await dialog.getByRole('button', { name: 'Sjabloon opslaan' }).click();
  await expect(toast(page, `Sjabloon “${title}” is opgeslagen.`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // A new, empty project of the demo project manager.
  const { data: people } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/employees/options');
  const daan = people.find((e) => e.name.startsWith('Daan'));
  if (!daan) throw new Error('no Daan');
  const target = await apiPost<{ id: number }>(page, '/api/projects', { name: `Sjabloon E2E ${tag}`, managerIds: [daan.id] });

  // Apply the template there: confirm, then the progress bar runs to 100 % and the summary follows.
  await page.goto(`/projects/${target.id}/templates`);
  await page.getByRole('textbox', { name: 'Zoek op titel' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await page.getByRole('button', { name: `Sjabloon ${title} toepassen op dit project` }).click();
  const confirm = page.getByRole('dialog', { name: `Sjabloon “${title}” toepassen?` });
  await expect(confirm).toContainText(`aan Sjabloon E2E ${tag} toegevoegd`);
  await confirm.getByRole('button', { name: 'Toepassen' }).click();
  const progress = page.getByTestId('template-application');
  await expect(progress).toBeVisible();
  const bar = progress.getByRole('progressbar', { name: `Voortgang van sjabloon ${title}` });
  await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 60_000 });
  const summary = progress.getByTestId('template-summary');
  await expect(summary).toHaveText(/^\d+ aangemaakt, 0 overgeslagen$/);
  const created = Number((await summary.textContent())?.split(' ')[0]);
  expect(created).toBeGreaterThan(0);
  await expect(progress).toContainText(`Sjabloon “${title}” is toegepast`);
  await shoot(page, 'applied-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'applied-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Twice: nothing new, and it says what it skipped.
  await page.getByRole('button', { name: `Sjabloon ${title} toepassen op dit project` }).click();
  await page
    .getByRole('dialog', { name: `Sjabloon “${title}” toepassen?` })
    .getByRole('button', { name: 'Toepassen' })
    .click();
  await expect(summary).toHaveText(new RegExp(`^0 aangemaakt, ${created} overgeslagen \\(.+\\)$`), { timeout: 60_000 });

  // The areas are there, with the demo project's decks.
  await page.getByRole('link', { name: 'Ruimtes' }).click();
  await expect(page).toHaveURL(`/projects/${target.id}/areas`);
  const { data: areas } = await apiGet<{ data: { decks: { name: string }[]; areas: { name: string }[] } }>(
    page,
    `/api/projects/${target.id}/areas`,
  );
  expect(areas.decks.length + areas.areas.length).toBeGreaterThan(0);
  const firstDeck = areas.decks[0];
  if (firstDeck) await expect(page.getByRole('region', { name: firstDeck.name })).toBeVisible();
  await shoot(page, 'areas-1280');

  // The template's areas, viewed from the list (and the page at 390 px).
  await page.goto(`/projects/${target.id}/templates`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Hutdek cruiseschip (40 hutten)', exact: true }).click();
  const view = page.getByRole('dialog', { name: 'Hutdek cruiseschip (40 hutten)' });
  await expect(view.getByText('123 dekken en ruimtes')).toBeVisible();
  await expect(view.getByText('9001 · Hut 9001')).toBeVisible();
  await shoot(page, 'view-390');
});
