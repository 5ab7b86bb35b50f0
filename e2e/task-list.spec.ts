import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/axe';
import { apiGet } from './support/catalogue';

/**
 * The printable assembly list of the demo cruise refit: the project manager opens it
 * from the areas page, ticks a cabin and the corridor of its deck in the chooser (the choice goes
 * into the address), prints it to PDF, and the PDF holds the sub-tasks of the chosen areas and
 * not those of another area. Reads only: the demo project is left as it was.
 */

const SHIP = 'MS Noordam refit 2027';

test.describe.configure({ timeout: 120_000 });
test.use({ actor: 'projectManager' });

/** What the test reads of GET /api/projects/:id/task-list (the contract is packages/shared/src/task-list). */
interface Node {
  id: number;
  kind: 'deck' | 'area' | 'subarea';
  parentId: number | null;
  number: string;
  name: string;
}
interface Section extends Node {
  tasks: { name: string; subtasks: { name: string }[] }[];
}
interface TaskList {
  tree: Node[];
  sections: Section[];
}

const subtaskNames = (s: Section) => s.tasks.flatMap((t) => t.subtasks.map((x) => x.name));

/** The PDF's text in the order it was drawn (-raw: a table cell's lines stay together). */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'task-list-'));
  const file = path.join(dir, 'list.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a project manager chooses two areas and prints their assembly list to PDF', async ({ page }) => {
  const projects = await apiGet<{ data: { id: number; name: string }[] }>(page, `/api/projects?q=${encodeURIComponent(SHIP)}`);
  const ship = projects.data.find((p) => p.name === SHIP);
  if (!ship) throw new Error(`no demo project ${SHIP}`);
  const whole = (await apiGet<{ data: TaskList }>(page, `/api/projects/${ship.id}/task-list`)).data;
  // A cabin with a bathroom (a sub-area) and the corridor of the same deck; another area whose
  // sub-tasks are none of theirs (the deck's mess) must stay out.
  const cabin = whole.sections.find(
    (s) => s.kind === 'area' && s.tasks.length > 0 && whole.tree.some((n) => n.parentId === s.id && n.kind === 'subarea'),
  );
  if (!cabin) throw new Error('no cabin with a sub-area in the demo');
  const corridor = whole.sections.find((s) => s.kind === 'area' && s.parentId === cabin.parentId && s.name.startsWith('Gang'));
  if (!corridor) throw new Error('no corridor on the cabin deck');
  const bathroom = whole.sections.find((s) => s.parentId === cabin.id && s.tasks.length > 0);
  if (!bathroom) throw new Error('no sub-area with tasks under the cabin');
  const chosenNames = new Set([...subtaskNames(cabin), ...subtaskNames(bathroom), ...subtaskNames(corridor)]);
  const other = whole.sections.find(
    (s) => s.kind === 'area' && s.tasks.length > 0 && subtaskNames(s).every((n) => !chosenNames.has(n)),
  );
  if (!other) throw new Error('no area whose sub-tasks differ from the chosen ones');

  // From the areas page, to the list with nothing chosen yet.
  await page.goto(`/projects/${ship.id}/areas`);
  await page.getByRole('link', { name: 'Montagelijst afdrukken' }).click();
  await expect(page).toHaveURL(`/projects/${ship.id}/task-list`);
  await expect(page.getByText('Kies de ruimtes', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeDisabled();

  const chooser = page.getByRole('group', { name: 'Ruimtes voor de montagelijst' });
  // The box follows the address (the choice lives there), so click and wait rather than check().
  await chooser.getByRole('checkbox', { name: cabin.name, exact: true }).click();
  await expect(chooser.getByRole('checkbox', { name: cabin.name, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`areas=${cabin.id}$`));
  await chooser.getByRole('checkbox', { name: corridor.name, exact: true }).click();
  await expect(chooser.getByRole('checkbox', { name: corridor.name, exact: true })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`areas=(${cabin.id}%2C${corridor.id}|${corridor.id}%2C${cabin.id})$`));
  const sheet = page.getByTestId('task-list-sheet');
  await expect(sheet.getByRole('heading', { level: 3, name: cabin.name })).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 3, name: 'Badkamer' })).toBeVisible();
  await expect(sheet.getByRole('heading', { level: 3, name: corridor.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Afdrukken' })).toBeEnabled();

  // The print: A4 pages with only the list on them.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeHidden();
  await expect(chooser).toBeHidden();
  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  if (process.env.TASK_LIST_PDF) fs.writeFileSync(process.env.TASK_LIST_PDF, pdf);
  const text = pdfText(pdf);
  // Text extraction may break a long name over two lines of a cell: compare on words joined by spaces.
  const flat = text.replace(/\s+/g, ' ');
  for (const name of chosenNames) expect(flat, `chosen sub-task ${name}`).toContain(name);
  for (const name of subtaskNames(other)) expect(flat, `other area's sub-task ${name}`).not.toContain(name);
  expect(flat).toContain(SHIP);
  // No navigation on paper.
  expect(flat).not.toContain('Hoofdnavigatie');
  expect(flat).not.toContain('Uitloggen');
  // One page per area at least (the cabin and the corridor each start a page).
  const pages = text.split('\f').filter((p) => p.trim().length > 0);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  await page.emulateMedia({ media: 'screen' });
});
