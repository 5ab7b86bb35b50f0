import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_HEADERS, toast, xsrfToken } from './support/app';
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

test('an order design named for Emma and Noor, all must approve: Emma approves (staff are told), Noor approves', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(150_000);
  const title = `Barkruk lounge ${Date.now().toString(36)}`;
  const noor = await pageAs('approver');
  const emma = await pageAs('emma');

  // Emma asks for a product; the admin approves the request (both through the API: not this flow's point).
  const emmaHeaders = { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(emma.request) };
  const requested = await emma.request.post('/api/client/orders', {
    headers: emmaHeaders,
    data: { title, newProductTitle: title },
  });
  expect(requested.ok(), await requested.text()).toBe(true);
  const orderId = ((await requested.json()) as { data: { id: number } }).data.id;
  const adminHeaders = { ...API_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(page.request) };
  const approved = await page.request.post(`/api/orders/${orderId}/approve-request`, {
    headers: adminHeaders,
    data: { version: 1, target: { kind: 'new' } },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  // The admin sends design v1, naming Emma and Noor, who must all approve.
  await page.goto(`/requests/${orderId}`);
  await page.getByRole('button', { name: 'Ter goedkeuring versturen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ontwerp ter goedkeuring versturen' });
  await dialog
    .getByLabel('Bestanden uploaden voor Voorbeeld (afbeelding of PDF)')
    .setInputFiles({ name: 'ontwerp-v1.pdf', mimeType: 'application/pdf', buffer: onePagePdf('Ontwerp v1') });
  await expect(dialog.getByRole('link', { name: 'ontwerp-v1.pdf' })).toBeVisible();
  const approvers = dialog.getByRole('combobox', { name: 'Goedkeurders' });
  await approvers.click();
  await page.getByRole('option', { name: 'Emma Jansen' }).click();
  await page.getByRole('option', { name: 'Noor Goedkeurder' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('radio', { name: 'Allemaal' }).check();
  await shots(page, 'staff-order-send');
  await dialog.getByRole('button', { name: 'Versturen' }).click();
  await expect(toast(page, 'Versie 1 is ter goedkeuring verstuurd.')).toBeVisible();
  const staffBlock = page.getByRole('region', { name: 'Goedkeuring' });
  await expect(staffBlock.getByRole('listitem').filter({ hasText: 'Noor Goedkeurder' })).toContainText('Wacht');

  // Emma finds it under "Wacht op jou" and approves: it still waits for Noor.
  await emma.goto('/orders?waiting=me');
  await expect(emma.getByRole('switch', { name: 'Alleen wat op jou wacht' })).toBeChecked();
  await expect(emma.getByRole('row', { name: new RegExp(title) }).getByText('Wacht op jou')).toBeVisible();
  await emma.goto(`/orders/${orderId}`);
  await emma.getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  await emma.getByRole('dialog', { name: 'Versie 1 goedkeuren?' }).getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  await expect(emma.getByText('Je hebt deze ontwerpversie al goedgekeurd; ze wacht op de andere goedkeurders.')).toBeVisible();
  const emmaBlock = emma.getByRole('region', { name: 'Goedkeuring' });
  await expect(emmaBlock.getByRole('listitem').filter({ hasText: 'Emma Jansen' })).toContainText('Goedgekeurd');
  await expect(emmaBlock.getByRole('listitem').filter({ hasText: 'Noor Goedkeurder' })).toContainText('Wacht');
  await expect(emma.getByText('Wacht op goedkeuring', { exact: true }).first()).toBeVisible();
  await shots(emma, 'portal-order-voted');

  // The admin is told in the app who approved and who is awaited.
  await page.goto('/notifications');
  await expect(
    page.getByText(`Emma Jansen keurde ontwerp v1 goed; wacht nog op Noor Goedkeurder: ${title}`).first(),
  ).toBeVisible();

  // Noor approves: the design is approved.
  await noor.goto('/');
  await expect(noor.getByRole('region', { name: /Wacht op jou/ }).getByRole('link', { name: title })).toBeVisible();
  await shots(noor, 'portal-dashboard-waiting');
  await noor.goto(`/orders/${orderId}`);
  await noor.getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  await noor.getByRole('dialog', { name: 'Versie 1 goedkeuren?' }).getByRole('button', { name: 'Ontwerp goedkeuren' }).click();
  await expect(noor.getByText('Ontwerp goedgekeurd', { exact: true }).first()).toBeVisible();

  await page.goto(`/requests/${orderId}`);
  await expect(page.getByText('Ontwerp goedgekeurd', { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Goedkeuring' }).getByRole('listitem').filter({ hasText: 'Noor Goedkeurder' }),
  ).toContainText('Goedgekeurd');
  await shots(page, 'staff-order-approved');
});
