import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS } from './support/app';
import { expect, test } from './support/axe';
import { onePagePdf } from './support/pdf';

// Deadlines and named approvers, both sides: the admin makes a drawing on Nordic Star's ship due
// yesterday, with Emma and a colleague (Noor) as approvers who must all approve. Both sides see it
// overdue; Emma finds it under "Wacht op jou" and approves (it still waits for Noor); Noor approves
// and the drawing is approved, no longer overdue. Screens are photographed at 1280 and 390 px
// into DEADLINE_SHOTS when it is set.

const SHIP = 'MS Noordam refit 2027';

/** Yesterday's date in Amsterdam, YYYY-MM-DD: what "overdue" is measured against. */
function amsterdamYesterday(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.DEADLINE_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${dir}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

async function projectId(request: APIRequestContext): Promise<number> {
  const res = await request.get(`/api/projects?q=${encodeURIComponent('Noordam')}&perPage=10`, { headers: API_HEADERS });
  expect(res.ok(), await res.text()).toBe(true);
  const found = ((await res.json()) as { data: { id: number; name: string }[] }).data.find((p) => p.name === SHIP);
  if (!found) throw new Error(`${SHIP} is not in the demo`);
  return found.id;
}

test.use({ actor: 'admin' });

test('a drawing due yesterday is overdue on both sides; both named approvers approve it', async ({ page, pageAs }) => {
  test.setTimeout(120_000);
  const name = `Plafond lounge ${Date.now().toString(36)}`;
  // Signed in before the admin names them: the colleague is made (and invited) on first use.
  const noor = await pageAs('approver');
  const emma = await pageAs('emma');

  // The admin: a new drawing, due yesterday, Emma and Noor must both approve.
  const shipId = await projectId(page.request);
  await page.goto(`/projects/${shipId}/drawings/new`);
  await page.getByRole('textbox', { name: 'Naam' }).fill(name);
  const client = page.getByRole('combobox', { name: 'Klant' });
  if (!(await client.inputValue())) {
    await client.click();
    await page.getByRole('option', { name: 'Nordic Star Cruises' }).click();
  }
  await page.getByLabel('Uiterlijk besluit op').fill(amsterdamYesterday());
  const approvers = page.getByRole('combobox', { name: 'Goedkeurders' });
  await approvers.click();
  await page.getByRole('option', { name: 'Emma Jansen' }).click();
  await page.getByRole('option', { name: 'Noor Goedkeurder' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: 'Allemaal' }).check();
  await page
    .getByLabel('Bestand kiezen voor Tekening')
    .setInputFiles({ name: 'plafond.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Deadline') });
  await expect(page.getByText('plafond.pdf')).toBeVisible();
  await shots(page, 'staff-create');
  await page.getByRole('button', { name: 'Tekening aanmaken' }).click();
  await expect(page).toHaveURL(new RegExp(`/projects/${shipId}/drawings/(\\d+)\\?tab=versions$`));
  const drawingId = Number(page.url().match(/drawings\/(\d+)/)?.[1]);
  const block = page.getByRole('region', { name: 'Goedkeuring' });
  await expect(block.getByText('Te laat')).toBeVisible();
  await expect(block.getByRole('listitem').filter({ hasText: 'Emma Jansen' })).toContainText('Wacht');
  await shots(page, 'staff-drawing');
  // Overdue in the project's list too.
  await page.goto(`/projects/${shipId}/drawings?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Te laat')).toBeVisible();

  // Emma: "Wacht op jou" shows it, overdue; she approves, and it still waits for Noor.
  await emma.goto('/drawings?waiting=me');
  await expect(emma.getByRole('switch', { name: 'Alleen wat op jou wacht' })).toBeChecked();
  const row = emma.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Te laat')).toBeVisible();
  await expect(row.getByText('Wacht op jou')).toBeVisible();
  await shots(emma, 'portal-waiting');
  await emma.goto(`/drawings/${drawingId}`);
  await expect(emma.getByRole('region', { name: 'Goedkeuring' }).getByText('Te laat')).toBeVisible();
  await shots(emma, 'portal-drawing');
  // The versions are the drawing page's second tab.
  await emma.getByRole('tab', { name: 'Versies (1)' }).click();
  await emma.getByRole('link', { name: 'Versie 1' }).first().click();
  await emma.getByRole('button', { name: 'Goedkeuren' }).click();
  await emma.getByRole('dialog', { name: 'Versie 1 goedkeuren?' }).getByRole('button', { name: 'Goedkeuren' }).click();
  await expect(emma.getByText('Je hebt deze versie al goedgekeurd; ze wacht op de andere goedkeurders.')).toBeVisible();
  await emma.goto(`/drawings/${drawingId}`);
  const emmaBlock = emma.getByRole('region', { name: 'Goedkeuring' });
  await expect(emmaBlock.getByRole('listitem').filter({ hasText: 'Emma Jansen' })).toContainText('Goedgekeurd');
  await expect(emmaBlock.getByRole('listitem').filter({ hasText: 'Noor Goedkeurder' })).toContainText('Wacht');
  await expect(emma.getByText('Wacht op jou')).toHaveCount(0);

  // Noor approves: the drawing is approved, and no longer overdue.
  await noor.goto(`/drawings/${drawingId}`);
  await expect(noor.getByText('Wacht op jou')).toBeVisible();
  await noor.getByRole('tab', { name: 'Versies (1)' }).click();
  await noor.getByRole('link', { name: 'Versie 1' }).first().click();
  await noor.getByRole('button', { name: 'Goedkeuren' }).click();
  await noor.getByRole('dialog', { name: 'Versie 1 goedkeuren?' }).getByRole('button', { name: 'Goedkeuren' }).click();
  await noor.goto(`/drawings/${drawingId}`);
  await expect(noor.getByText('Goedgekeurd', { exact: true }).first()).toBeVisible();
  await expect(noor.getByText('Te laat')).toHaveCount(0);

  // The admin sees the outcome.
  await page.goto(`/projects/${shipId}/drawings/${drawingId}`);
  await expect(page.getByRole('region', { name: 'Goedkeuring' }).getByText('Te laat')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Goedkeuring' }).getByRole('listitem').filter({ hasText: 'Noor Goedkeurder' }),
  ).toContainText('Goedgekeurd');
});
