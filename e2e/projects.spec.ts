import type { Locator, Page } from '@playwright/test';
import { toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, solidPng, uniqueTag } from './support/catalogue';

/**
 * Projects as a project manager runs one: a new project, a deck with its cabins added in
 * bulk, the deck's floor plan with a cabin dragged onto it (and still there after a reload), a task
 * and a sub-task with an order line in a cabin, the sub-task closed and the project's feed saying
 * so; and a ticket opened from a task, which holds the task in 'Open ticket' until it is closed.
 *
 * Every test makes its own project (its name carries `uniqueTag()`), so the demo projects and the
 * other specs never see what these tests change.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function xsrfToken(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) throw new Error('no XSRF-TOKEN cookie: sign in first');
  return decodeURIComponent(cookie.value);
}

/** POST on the app's API with the page's session; fails the test unless the answer is 2xx. Answers `data`. */
async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { headers: { ...JSON_HEADERS, 'X-XSRF-TOKEN': await xsrfToken(page) }, data });
  expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** The demo project manager's employee id (Daan van Leeuwen), from the employee picker's list. */
async function daanId(page: Page): Promise<number> {
  const { data } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/employees/options');
  const daan = data.find((e) => e.name.startsWith('Daan'));
  if (!daan) throw new Error(`no Daan among ${data.map((e) => e.name).join(', ')}`);
  return daan.id;
}

/** Where the centre of `box` lies as a fraction of `frame` (both from boundingBox()). */
function fractionOf(box: { x: number; y: number; width: number; height: number }, frame: typeof box) {
  return {
    x: (box.x + box.width / 2 - frame.x) / frame.width,
    y: (box.y + box.height / 2 - frame.y) / frame.height,
  };
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

// A project, a deck, twelve cabins, an upload, a drag, a reload, two drawers and the feed: about
// 40 s and 23 s on the 2-core machine with a load of 4, but twice that and more when other runs
// share it (114 s at a load of 11), so far more room than the 30 s default.
test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'projectManager' });

test('a project manager sets up a deck with cabins and a floor plan, places a cabin, closes a sub-task with an order line, and the feed says so', {
  tag: '@smoke',
}, async ({ page }) => {
  const tag = uniqueTag();
  const project = `Refit E2E ${tag}`;
  const task = `Wandlampen monteren ${tag}`;
  const subtask = `Wandlampen hut 9001 ${tag}`;

  // Create: name and at least one project manager.
  await page.goto('/projects');
  await page.getByRole('link', { name: 'Project aanmaken' }).first().click();
  await expect(page).toHaveURL('/projects/create');
  // The address changes before the new page is there (the list's 'Zoek op naam' is still on screen).
  await expect(page.getByRole('heading', { level: 1, name: 'Project aanmaken' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(project);
  await page.getByRole('button', { name: 'Project aanmaken' }).click();
  const managers = page.getByRole('combobox', { name: 'Projectleiders' });
  await expect(managers).toHaveAccessibleDescription(/Kies minstens één projectleider\./);
  await managers.click();
  await managers.fill('Daan');
  await page.getByRole('option', { name: 'Daan van Leeuwen' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Project aanmaken' }).click();
  await expect(toast(page, `Project ${project} is aangemaakt.`)).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/\d+\/areas$/);
  const projectId = Number(new URL(page.url()).pathname.split('/')[2]);
  await expect(page.getByRole('heading', { level: 1, name: project })).toBeVisible();

  // A deck, then its twelve cabins in one go.
  await page.getByRole('button', { name: 'Dek toevoegen' }).first().click();
  const deckDialog = page.getByRole('dialog', { name: 'Dek toevoegen' });
  await deckDialog.getByRole('textbox', { name: 'Nummer', exact: true }).fill('9');
  await deckDialog.getByRole('textbox', { name: 'Naam', exact: true }).fill('Dek 9');
  await deckDialog.getByRole('button', { name: 'Dek toevoegen' }).click();
  await expect(toast(page, 'Dek Dek 9 is toegevoegd.')).toBeVisible();
  await expect(deckDialog).toBeHidden();

  await page.getByRole('button', { name: 'Ruimtes in bulk toevoegen aan Dek 9' }).click();
  const bulk = page.getByRole('dialog', { name: 'Ruimtes in bulk toevoegen' });
  await bulk.getByRole('textbox', { name: 'Nummers en namen' }).fill('Hut 9001-9012');
  await expect(bulk.getByTestId('bulk-preview')).toContainText('12 ruimtes: Hut 9001 … Hut 9012');
  await bulk.getByRole('button', { name: '12 ruimtes toevoegen' }).click();
  await expect(toast(page, '12 ruimtes toegevoegd')).toBeVisible();
  await expect(bulk).toBeHidden();
  const deck = page.getByRole('region', { name: 'Dek 9' });
  await expect(deck.getByRole('link', { name: 'Hut 9001', exact: true })).toBeVisible();
  await expect(deck.getByRole('link', { name: 'Hut 9012', exact: true })).toBeVisible();

  // The deck's floor plan: a long, low image, as a deck is.
  await deck.getByRole('heading', { name: 'Dek 9' }).getByRole('link').click();
  await expect(page).toHaveURL(/\/projects\/\d+\/areas\/\d+$/);
  const deckUrl = page.url();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Plattegrond uploaden' }).click();
  await (await chooser).setFiles({ name: 'dek-9.png', mimeType: 'image/png', buffer: solidPng(1600, 400, [226, 232, 240]) });
  await expect(toast(page, 'De plattegrond van Dek 9 is opgeslagen.')).toBeVisible();
  const stage = page.getByTestId('floor-plan-stage');
  await expect(stage.locator('img')).toHaveJSProperty('complete', true);

  // Drag cabin 9001 from the tray onto the plan with the mouse (a deck's markers are its cabins' numbers).
  const chip = page.getByRole('button', { name: '9001, open, nog niet geplaatst' });
  await chip.scrollIntoViewIfNeeded();
  const from = await boxOf(chip);
  const plan = await boxOf(stage);
  const target = { x: 0.3, y: 0.6 };
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/markers'));
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(plan.x + plan.width * target.x, plan.y + plan.height * target.y, { steps: 6 });
  await page.mouse.up();
  expect((await saved).ok()).toBe(true);
  await expect(page.getByTestId('floor-plan-status')).toContainText('9001 neergezet op 30% / 60%.');
  const placed = stage.getByRole('button', { name: '9001, open, positie 30% / 60%' });
  await expect(placed).toBeVisible();
  await expect(chip).toHaveCount(0);

  // The place is kept: after a reload the marker is where it was dropped (as a fraction of the plan).
  await page.reload();
  await expect(stage.locator('img')).toHaveJSProperty('complete', true);
  await expect(placed).toBeVisible();
  const at = fractionOf(await boxOf(placed), await boxOf(stage));
  expect(Math.abs(at.x - target.x), `x ${at.x}`).toBeLessThan(0.02);
  expect(Math.abs(at.y - target.y), `y ${at.y}`).toBeLessThan(0.02);
  await expect(chip).toHaveCount(0);

  // The cabin: a task, and in it a sub-task.
  await placed.click();
  // The deck's own address matches the pattern too: wait until the click has left it.
  await expect(page).not.toHaveURL(deckUrl);
  await expect(page).toHaveURL(/\/projects\/\d+\/areas\/\d+$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Hut 9001' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Nieuwe taak' }).fill(task);
  await page.getByRole('textbox', { name: 'Nieuwe taak' }).press('Enter');
  await expect(toast(page, `Taak ${task} is toegevoegd.`)).toBeVisible();
  await page.getByRole('link', { name: task }).click();
  const taskDrawer = page.getByRole('dialog', { name: task });
  await expect(taskDrawer).toBeVisible();
  await expect(taskDrawer.getByText('Openstaand', { exact: true })).toBeVisible();
  await taskDrawer.getByRole('textbox', { name: 'Nieuwe subtaak' }).fill(subtask);
  await taskDrawer.getByRole('textbox', { name: 'Nieuwe subtaak' }).press('Enter');
  await expect(toast(page, `Subtaak ${subtask} is toegevoegd.`)).toBeVisible();
  await taskDrawer.getByRole('link', { name: subtask }).click();

  // Its order line: a demo product found as you type, 2,5 of it.
  const subDrawer = page.getByRole('dialog', { name: subtask });
  await expect(subDrawer).toBeVisible();
  const subtaskUrl = page.url();
  await subDrawer.getByRole('tab', { name: 'Orderregels' }).click();
  const picker = subDrawer.getByRole('combobox', { name: 'Product zoeken' });
  await picker.click();
  await picker.fill('Porthole');
  await page.getByRole('option', { name: /Wandlamp Porthole/ }).click();
  const quantity = subDrawer.getByRole('textbox', { name: 'Aantal Wandlamp Porthole' });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2,5');
  await subDrawer.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(toast(page, `Subtaak ${subtask} is opgeslagen.`)).toBeVisible();

  // Stored as the number 2.5 (the form shows it as 2,5 again).
  const subtaskId = Number(new URL(subtaskUrl).pathname.split('/').pop());
  const stored = await apiGet<{ data: { orderLines: { name: string; quantity: number }[] } }>(
    page,
    `/api/projects/${projectId}/subtasks/${subtaskId}`,
  );
  expect(stored.data.orderLines).toEqual([expect.objectContaining({ name: 'Wandlamp Porthole', quantity: 2.5 })]);
  await expect(quantity).toHaveValue('2,5');

  // Closing the task's only sub-task offers to complete the task: not now.
  await subDrawer.getByRole('button', { name: 'Subtaak sluiten' }).click();
  await expect(toast(page, `Subtaak ${subtask} is gesloten.`)).toBeVisible();
  const offer = page.getByRole('dialog', { name: 'Klaar met deze taak?' });
  await expect(offer).toContainText('Alle subtaken zijn gesloten. Taak afronden?');
  await offer.getByRole('button', { name: 'Nu niet' }).click();
  await expect(offer).toBeHidden();
  await expect(subDrawer.getByText('Gesloten', { exact: true })).toBeVisible();
  await expect(subDrawer.getByRole('button', { name: 'Subtaak openen' })).toBeVisible();

  // The task is still open, with its one sub-task closed.
  await subDrawer.getByRole('link', { name: `Terug naar taak ${task}` }).click();
  await expect(taskDrawer).toBeVisible();
  await expect(taskDrawer.getByText('Openstaand', { exact: true })).toBeVisible();
  await expect(taskDrawer.getByText('1 van 1 gesloten')).toBeVisible();

  // The project's feed (its tab in the project's header, under the drawer).
  await page.keyboard.press('Escape');
  await expect(taskDrawer).toBeHidden();
  await page
    .getByRole('navigation', { name: `Onderdelen van ${project}` })
    .getByRole('link', { name: 'Feed' })
    .click();
  await expect(page).toHaveURL(`/projects/${projectId}/feed`);
  const feed = page.getByRole('list', { name: 'Gebeurtenissen, nieuwste eerst' });
  const closed = feed.getByRole('listitem').filter({ hasText: `Subtaak ‘${subtask}’ gesloten` });
  await expect(closed).toBeVisible();
  await expect(closed).toContainText('Daan');
  await expect(closed.getByRole('link', { name: subtask })).toHaveAttribute('href', new URL(subtaskUrl).pathname);
});

test('a ticket opened from a task puts the task in Open ticket; closing it puts the task back', async ({ page }) => {
  const tag = uniqueTag();
  const description = `Wandlamp defect ${tag}`;
  const taskName = `Leeslampen aansluiten ${tag}`;

  // A project with one cabin and one completed task, over the API: the UI for those is the test above.
  await page.goto('/');
  const managerId = await daanId(page);
  const project = await apiPost<{ id: number }>(page, '/api/projects', { name: `Tickets E2E ${tag}`, managerIds: [managerId] });
  const area = await apiPost<{ id: number }>(page, `/api/projects/${project.id}/areas`, { number: '7001', name: 'Hut 7001' });
  const task = await apiPost<{ id: number; version: number }>(page, `/api/projects/${project.id}/areas/${area.id}/tasks`, {
    name: taskName,
  });
  await apiPost(page, `/api/projects/${project.id}/tasks/${task.id}/complete`, { version: task.version });

  const taskUrl = `/projects/${project.id}/areas/${area.id}/task/${task.id}`;
  await page.goto(taskUrl);
  const drawer = page.getByRole('dialog', { name: taskName });
  await expect(drawer.getByText('Afgerond', { exact: true })).toBeVisible();

  // Tickets tab → 'Ticket aanmaken'.
  await drawer.getByRole('tab', { name: 'Tickets' }).click();
  await drawer.getByRole('button', { name: 'Ticket aanmaken' }).click();
  const create = page.getByRole('dialog', { name: 'Ticket aanmaken' });
  await expect(create.getByRole('combobox', { name: 'Taak' })).toHaveValue(new RegExp(taskName));
  await create.getByRole('textbox', { name: 'Beschrijving' }).fill(description);
  await create.getByRole('button', { name: 'Ticket aanmaken' }).click();
  await expect(toast(page, `Ticket ‘${description}’ is aangemaakt.`)).toBeVisible();
  await expect(create).toBeHidden();

  // The task is held in 'Open ticket'.
  await expect(drawer.getByText('Open ticket', { exact: true })).toBeVisible();
  const ticketLink = drawer.getByRole('link', { name: description });
  await expect(ticketLink).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: taskName }) });
  await expect(row.getByText('Open ticket', { exact: true })).toBeVisible();

  // Close it on the ticket's page.
  await row.getByRole('link', { name: taskName }).click();
  await drawer.getByRole('tab', { name: 'Tickets' }).click();
  await drawer.getByRole('link', { name: description }).click();
  await expect(page).toHaveURL(/\/projects\/\d+\/tickets\/\d+$/);
  await expect(page.getByRole('heading', { name: description })).toBeVisible();
  await page.getByRole('button', { name: 'Ticket sluiten' }).click();
  await expect(toast(page, `Ticket ‘${description}’ is gesloten.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Heropenen' })).toBeVisible();

  // The task is back where it was: completed.
  await page.getByRole('link', { name: `${taskName} (Hut 7001)` }).click();
  await expect(page).toHaveURL(taskUrl);
  await expect(drawer.getByText('Afgerond', { exact: true })).toBeVisible();
  await expect(drawer.getByText('Open ticket', { exact: true })).toHaveCount(0);
});
