import type { Locator, Page } from '@playwright/test';
import { ACCOUNTS, switchLanguage, toast } from './support/app';
import {
  apiPost,
  articleCount,
  expect,
  expectImageLoaded,
  findArticles,
  newErpItem,
  productOrder,
  shownName,
  solidPng,
  syncCount,
  syncOverApi,
  test,
  uniqueTag,
} from './support/catalogue';
import { DEMO_ARTICLES, erpArticle, nlNumber } from './support/erp';

test.use({ actor: 'admin' });

// The catalogue as the admin (Sanne, every permission) works with it: ERP articles and their sync,
// products, their manual order and the public catalogue, attributes and Robox materials.
//
// The sync tests first sync over the API, so the app holds exactly what the stand-in ERP lists by
// default (2,500 articles) whatever ran before them, and their counts are exact; the `erp` fixture
// puts the stand-in's settings back after each test.

const admin = ACCOUNTS.admin;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens 'Artikelen synchroniseren' and starts a run with its button. */
async function startSync(page: Page): Promise<void> {
  await page.goto('/sync');
  await expect(page.getByRole('heading', { level: 1, name: 'Artikelen synchroniseren' })).toBeVisible();
  await page.getByRole('button', { name: 'Artikelen synchroniseren' }).click();
}

/**
 * Types in a list's search box and waits until the search is in the address (it is debounced):
 * a tab or filter chosen before that could be undone by it (see e2e/README.md).
 */
async function searchFor(page: Page, box: string, term: string): Promise<void> {
  await page.getByRole('textbox', { name: box }).fill(term);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${escapeRegExp(encodeURIComponent(term))}(&|$)`));
}

/** The newest run in 'Eerdere synchronisaties'. */
const newestHistoryRow = (page: Page): Locator =>
  page.getByRole('table', { name: 'Eerdere synchronisaties' }).getByRole('row').nth(1);

test.describe('ERP sync', () => {
  test('Sync Articles shows the progress of a run, then what it brought, and records it', { tag: '@smoke' }, async ({
    page,
    erp,
  }) => {
    test.setTimeout(120_000);
    await page.goto('/');
    await syncOverApi(page);

    // Three articles the app has never seen (new ERP ids, so a retry's are new again), behind pages
    // slow enough to watch the bar fill: 11 pages of 250, half a second each.
    const tag = uniqueTag();
    const added = [0, 1, 2].map((n) => ({
      index: DEMO_ARTICLES + n,
      sku: `E2E-${tag}-${n + 1}`,
      name: `Testkast ${tag} ${n + 1}`,
    }));
    const total = DEMO_ARTICLES + added.length;
    await erp.set({
      size: total,
      pageSize: 250,
      latencyMs: 500,
      overrides: Object.fromEntries(added.map((a) => [String(a.index), newErpItem(a.sku, a.name)])),
    });

    await startSync(page);
    await expect(toast(page, 'De synchronisatie is gestart.')).toBeVisible();
    const start = page.getByRole('button', { name: 'Artikelen synchroniseren' });
    await expect(start).toBeDisabled();

    // Part of the listing is in: the bar is neither empty nor full, and says how far against what the ERP announced.
    const progress = page.getByTestId('sync-progress');
    await expect(progress.getByRole('heading', { name: 'Ophalen uit het ERP' })).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Voortgang van de synchronisatie' })).toHaveAttribute(
      'aria-valuenow',
      /^[1-9][0-9]?$/,
    );
    await expect(progress).toContainText(new RegExp(`[1-9][0-9.]* van ${escapeRegExp(nlNumber(total))} artikelen opgehaald`));

    const result = page.getByTestId('sync-result');
    await expect(result.getByRole('heading', { name: 'Synchronisatie geslaagd' })).toBeVisible({ timeout: 60_000 });
    await expect(progress).toBeHidden();
    await expect(toast(page, 'De synchronisatie is klaar.')).toBeVisible();
    await expect(start).toBeEnabled();
    await expect(syncCount(result, 'Nieuw')).toHaveText('3');
    await expect(syncCount(result, 'Bijgewerkt')).toHaveText('0');
    await expect(syncCount(result, 'Ongewijzigd')).toHaveText(nlNumber(DEMO_ARTICLES));
    await expect(syncCount(result, 'Verwijderd')).toHaveText('0');

    const run = newestHistoryRow(page);
    await expect(run).toContainText(admin.firstName);
    await expect(run).toContainText('Handmatig');
    await expect(run).toContainText('Geslaagd');
    await expect(run).toContainText(`3 nieuw · 0 bijgewerkt · ${DEMO_ARTICLES} ongewijzigd · 0 verwijderd`);

    // The new articles are in the list.
    await page.goto('/articles');
    await searchFor(page, 'Zoek op naam of nummer', tag);
    const rows = page.getByRole('table', { name: 'Artikelen' }).getByRole('row');
    await expect(rows).toHaveCount(1 + added.length);
    for (const a of added) await expect(rows.filter({ hasText: a.sku })).toContainText(a.name);
  });

  test('articles the ERP no longer lists move to the deleted tab', async ({ page, erp }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await syncOverApi(page);

    // Three of 2,500 gone: far above the 90 % a listing must hold to be trusted.
    const indexes = [2401, 2402, 2403];
    const dropped = indexes.map(erpArticle);
    await erp.set({ drop: indexes });

    await startSync(page);
    const result = page.getByTestId('sync-result');
    await expect(result.getByRole('heading', { name: 'Synchronisatie geslaagd' })).toBeVisible({ timeout: 60_000 });
    await expect(syncCount(result, 'Nieuw')).toHaveText('0');
    await expect(syncCount(result, 'Ongewijzigd')).toHaveText(nlNumber(DEMO_ARTICLES - 3));
    await expect(syncCount(result, 'Verwijderd')).toHaveText('3');
    await expect(newestHistoryRow(page)).toContainText(
      `0 nieuw · 0 bijgewerkt · ${DEMO_ARTICLES - 3} ongewijzigd · 3 verwijderd`,
    );

    // Article numbers -3400 to -3409 are the stand-in's articles 2400 to 2409: seven stay, three went.
    await page.goto('/articles');
    await searchFor(page, 'Zoek op naam of nummer', '-340');
    const rows = page.getByRole('table', { name: 'Artikelen' }).getByRole('row');
    await expect(rows).toHaveCount(1 + 7);
    for (const a of dropped) await expect(rows.filter({ hasText: a.sku })).toHaveCount(0);
    // The deleted tab keeps the search, and shows the three with the day they went.
    await page.getByRole('tab', { name: 'Verwijderd' }).click();
    await expect(page).toHaveURL(/[?&]tab=deleted/);
    await expect(page.getByRole('columnheader', { name: 'Verwijderd op' })).toBeVisible();
    await expect(rows).toHaveCount(1 + 3);
    const today = new Intl.DateTimeFormat('nl-NL', { timeZone: 'Europe/Amsterdam' }).format(new Date());
    for (const a of dropped) {
      const row = rows.filter({ hasText: a.sku });
      await expect(row).toContainText(a.name);
      await expect(row).toContainText(today);
    }

    // The article itself says so.
    const last = dropped.at(-1) as { sku: string; name: string };
    await rows.filter({ hasText: last.sku }).getByRole('link', { name: last.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: last.name })).toBeVisible();
    await expect(page.getByText('Dit artikel staat niet meer in het ERP')).toBeVisible();
  });

  test('a short ERP listing aborts the sync with a visible error and deletes nothing', async ({ page, erp }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    await syncOverApi(page);
    const live = await articleCount(page, 'active');
    const deleted = await articleCount(page, 'deleted');
    expect(live).toBe(DEMO_ARTICLES);

    // A listing that ends at 88 % of the live articles while saying that is all: under the 90 % the
    // sync trusts, so it stops before deleting the other 12 %.
    await erp.set({ truncateAt: Math.floor(live * 0.88), truncateClaimsFull: false });

    await startSync(page);
    const result = page.getByTestId('sync-result');
    await expect(result).toHaveAttribute('role', 'alert', { timeout: 60_000 });
    await expect(result).toContainText('Synchronisatie afgebroken');
    await expect(result).toContainText('De ERP-lijst was te kort; er is niets verwijderd.');
    await expect(result).toContainText('Er is niets aan de artikelen veranderd.');
    // The toast says it too (the result above is an alert as well, hence the toast container).
    await expect(
      page.locator('.Toastify').getByRole('alert').filter({ hasText: 'De ERP-lijst was te kort; er is niets verwijderd.' }),
    ).toBeVisible();
    const run = newestHistoryRow(page);
    await expect(run).toContainText('Afgebroken');
    await expect(run).toContainText('ERP-lijst te kort');

    expect(await articleCount(page, 'active')).toBe(live);
    expect(await articleCount(page, 'deleted')).toBe(deleted);
    await page.goto('/articles');
    await expect(page.getByText(`${live} resultaten`)).toBeVisible();
  });
});

/**
 * Moves an item of a dnd-kit sortable list with the keyboard, as a person does: focus its handle,
 * Space, one arrow press per place (up and down in a list, left and right in a row of images),
 * Space. Each press waits for dnd-kit's announcement of the new place (its live region): the list
 * scrolls along, and presses faster than that get lost.
 */
async function moveWithKeyboard(
  page: Page,
  item: string,
  { from, to, count, axis = 'vertical' }: { from: number; to: number; count: number; axis?: 'vertical' | 'horizontal' },
): Promise<void> {
  const [back, forward] = axis === 'vertical' ? ['ArrowUp', 'ArrowDown'] : ['ArrowLeft', 'ArrowRight'];
  const announced = (text: string) => page.getByRole('status').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
  // The drag measures where the places are in the frames after it starts and after each move: a
  // key pressed before that moves nothing (seen on a busy machine), so each key waits for them.
  const frames = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.getByRole('button', { name: `${item} verslepen` }).focus();
  await page.keyboard.press('Space');
  await expect(announced(`${item} boven plaats ${from} van ${count}.`)).toBeAttached();
  for (let place = from; place !== to; ) {
    place += to < from ? -1 : 1;
    await frames();
    await page.keyboard.press(to < from ? back : forward);
    await expect(announced(`${item} boven plaats ${place} van ${count}.`)).toBeAttached();
  }
  await frames();
  await page.keyboard.press('Space');
  await expect(announced(`${item} neergezet op plaats ${to} van ${count}.`)).toBeAttached();
}

/** Waits for the order screen to save a move (every drop is saved at once). */
const orderSaved = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/products/order/move') && r.request().method() === 'POST');

test.describe('products', () => {
  test('an article becomes a product with images, is published and put first in the public catalogue, in Dutch and English', async ({
    page,
    visitor,
  }) => {
    // Many screens, uploads and a second browser: half a minute on a quiet machine, more on a busy one.
    test.setTimeout(240_000);
    const tag = uniqueTag();
    const nameNl = `Dekstoel Zeebries ${tag}`;
    const nameEn = `Sea Breeze deck chair ${tag}`;
    await page.goto('/');

    // A deck chair of the demo's articles that has no product yet (the demo makes one product per kind).
    const article = (await findArticles(page, 'Dekstoel')).find((a) => a.productId === null);
    if (!article) throw new Error('every Dekstoel article already has a product');

    await page.goto('/articles');
    await searchFor(page, 'Zoek op naam of nummer', article.sku);
    await page.getByRole('table', { name: 'Artikelen' }).getByRole('link', { name: article.name }).click();
    await expect(page.getByRole('heading', { level: 1, name: article.name })).toBeVisible();
    await page.getByRole('button', { name: 'Product maken' }).click();
    await expect(toast(page, `Product ${article.name} is aangemaakt.`)).toBeVisible();
    await expect(page).toHaveURL(/\/products\/[0-9]+$/);
    const productId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name: article.name })).toBeVisible();
    await expect(page.getByText('Niet gepubliceerd', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: `${article.sku} · ${article.name}` })).toBeVisible();

    await page.getByRole('textbox', { name: 'Naam (Nederlands)' }).fill(nameNl);
    await page.getByRole('textbox', { name: 'Naam (Engels)' }).fill(nameEn);

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Producten', exact: true }).click();
    const leave = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Annuleren' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(`/products/${productId}`);
    await expect(page.getByRole('textbox', { name: 'Naam (Nederlands)' })).toHaveValue(nameNl);

    // Two images in one go; the server makes their thumbnails.
    const media = page.getByRole('region', { name: 'Media' });
    await media.getByLabel('Afbeeldingen toevoegen aan Galerij').setInputFiles([
      { name: 'zeebries-zand.png', mimeType: 'image/png', buffer: solidPng(640, 480, [214, 194, 150]) },
      { name: 'zeebries-blauw.png', mimeType: 'image/png', buffer: solidPng(640, 480, [40, 90, 160]) },
    ]);
    await expect(toast(page, '2 afbeeldingen geüpload.')).toBeVisible();
    await expect(media.getByText('1. zeebries-zand.png')).toBeVisible();
    await expect(media.getByText('2. zeebries-blauw.png')).toBeVisible();
    const blue = media.getByRole('img', { name: 'zeebries-blauw.png' });
    await expectImageLoaded(media.getByRole('img', { name: 'zeebries-zand.png' }));
    await expectImageLoaded(blue);
    await expect(media.getByText('2 van maximaal 40', { exact: false })).toBeVisible();

    // The blue one first (the first image is the product's thumbnail), with the keyboard.
    await moveWithKeyboard(page, 'zeebries-blauw.png', { from: 2, to: 1, count: 2, axis: 'horizontal' });
    await expect(media.getByText('1. zeebries-blauw.png')).toBeVisible();
    await expect(media.getByText('2. zeebries-zand.png')).toBeVisible();
    const blueThumb = await blue.getAttribute('src');

    const publish = page.getByRole('switch', { name: 'Gepubliceerd in de inspiratiecatalogus' });
    await publish.check();
    await expect(publish).toBeChecked();
    await page.getByTestId('save-bar').getByRole('button', { name: 'Opslaan' }).click();
    // The new chair lacks parts of a good public page (downloads, for one): publishing it asks first.
    const incomplete = page.getByRole('dialog', { name: 'Onvolledig product publiceren?' });
    await expect(incomplete).toContainText('Dit product mist');
    await incomplete.getByRole('button', { name: 'Toch publiceren' }).click();
    await expect(toast(page, `Product ${nameNl} is opgeslagen.`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: nameNl })).toBeVisible();
    await expect(page.getByText('Gepubliceerd', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bekijk in catalogus' })).toHaveAttribute(
      'href',
      `/public/products/${productId}`,
    );
    // As saved: a reload shows the same images in the same order.
    await page.reload();
    await expect(media.getByText('1. zeebries-blauw.png')).toBeVisible();
    await expect(media.getByText('2. zeebries-zand.png')).toBeVisible();
    await expect(publish).toBeChecked();

    // A new product joins the end of the manual order; the keyboard takes it to the top. Walking it
    // past every product (the demo has dozens) took ten seconds and proved nothing the last steps
    // do not: once it is seen at the end, the order screen's own move (the API it calls on a drop)
    // puts it third, and the keyboard takes it from there.
    await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'Producten sorteren' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Producten sorteren' })).toBeVisible();
    const rows = page.getByTestId('order-row');
    await expect(rows.last()).toContainText(nameNl);
    const count = await rows.count();
    const moved = await apiPost(page, '/api/products/order/move', { productId, toIndex: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await page.reload();
    await expect(rows.nth(2)).toContainText(nameNl);
    const saved = orderSaved(page);
    await moveWithKeyboard(page, nameNl, { from: 3, to: 1, count });
    expect((await saved).ok()).toBe(true);
    await expect(rows.first()).toContainText(nameNl);
    await page.reload();
    await expect(rows.first()).toContainText(nameNl);
    await expect(rows).toHaveCount(count);

    // The public catalogue: the published products in that order, for a visitor, in both languages.
    const published = (await productOrder(page)).filter((p) => p.published);
    expect(published[0]?.id).toBe(productId);
    const firstPage = published.slice(0, 24);
    await visitor.goto('/public/products');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Producten' })).toBeVisible();
    const cards = visitor.getByRole('list', { name: 'Producten' }).getByTestId('product-card');
    await expect(cards).toHaveText(firstPage.map((p) => shownName(p, 'nl')));
    await expect(cards.first().locator('img')).toHaveAttribute('src', blueThumb ?? '');
    await expectImageLoaded(cards.first().locator('img'));

    await switchLanguage(visitor, 'EN');
    await expect(visitor.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await expect(visitor.getByRole('list', { name: 'Products' }).getByTestId('product-card')).toHaveText(
      firstPage.map((p) => shownName(p, 'en')),
    );
    await visitor.getByRole('link', { name: nameEn }).click();
    await expect(visitor).toHaveURL(`/public/products/${productId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: nameEn })).toBeVisible();
  });

  test("dragging in one category's order changes the catalogue filtered on that category", async ({ page, visitor }) => {
    test.setTimeout(60_000);
    await page.goto('/order');
    await page.getByRole('combobox', { name: 'Volgorde van' }).click();
    await page.getByRole('option', { name: 'Verlichting' }).click();
    await expect(page).toHaveURL(/[?&]category=[0-9]+/);
    const categoryId = Number(new URL(page.url()).searchParams.get('category'));
    await expect(page.getByText('De volgorde binnen deze categorie')).toBeVisible();

    const rows = page.getByTestId('order-row');
    const names = rows.getByRole('link');
    await expect(rows).toHaveCount((await productOrder(page, categoryId)).length);
    const before = (await names.allTextContents()).map((n) => n.trim());
    expect(before.length).toBeGreaterThan(2);
    const last = before.at(-1) as string;
    const after = [last, ...before.slice(0, -1)];

    // Drag the last one by its handle onto the first.
    const handle = page.getByRole('button', { name: `${last} verslepen` });
    const from = await handle.boundingBox();
    const onto = await rows.first().boundingBox();
    if (!from || !onto) throw new Error('the order rows are not on screen');
    const saved = orderSaved(page);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, onto.y + onto.height / 2, { steps: 12 });
    await page.mouse.move(from.x + from.width / 2, onto.y + 4, { steps: 4 });
    await page.mouse.up();
    expect((await saved).ok()).toBe(true);
    await expect(names).toHaveText(after);
    await page.reload();
    await expect(names).toHaveText(after);

    // A visitor who filters on that category sees it in that order.
    await visitor.goto('/public/products');
    await visitor.getByRole('group', { name: 'Categorieën' }).getByRole('button', { name: 'Verlichting' }).click();
    await expect(visitor).toHaveURL(new RegExp(`[?&]categories=${categoryId}(&|$)`));
    await expect(visitor.getByRole('list', { name: 'Producten' }).getByTestId('product-card')).toHaveText(after);
  });
});

test.describe('settings of the catalogue', () => {
  // Long flows (add, refuse, rename, delete, a reload): over 30 s on a busy 2-core machine.
  test.slow();

  test('a category is added, renamed and deleted; one in use cannot be deleted', async ({ page }) => {
    const tag = uniqueTag();
    const nameNl = `Buitenmeubelen ${tag}`;
    const nameEn = `Outdoor furniture ${tag}`;
    const renamedEn = `Garden furniture ${tag}`;
    await page.goto('/attributes');
    await page.getByRole('link', { name: /^Categorieën/ }).click();
    await expect(page).toHaveURL('/attributes/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categorieën' })).toBeVisible();

    await page.getByRole('button', { name: 'Toevoegen' }).click();
    const add = page.getByRole('dialog', { name: 'Toevoegen aan Categorieën' });
    await add.getByRole('textbox', { name: 'Naam (Nederlands)' }).fill(nameNl);
    await add.getByRole('textbox', { name: 'Naam (Engels)' }).fill(nameEn);
    await add.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(toast(page, `${nameNl} is toegevoegd.`)).toBeVisible();
    await expect(add).toBeHidden();

    // The same Dutch name twice is refused, at the field.
    await page.getByRole('button', { name: 'Toevoegen' }).click();
    await add.getByRole('textbox', { name: 'Naam (Nederlands)' }).fill(nameNl);
    await add.getByRole('button', { name: 'Toevoegen' }).click();
    await expect(add.getByText('Deze naam staat al in deze lijst.')).toBeVisible();
    // What was typed is not thrown away without a question.
    await add.getByRole('button', { name: 'Annuleren' }).click();
    const discard = page.getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Wijzigingen weggooien' }).click();
    await expect(add).toBeHidden();

    await searchFor(page, 'Zoek op naam', tag);
    const rows = page.getByRole('table', { name: 'Categorieën' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(nameNl);
    await expect(rows.nth(1)).toContainText(nameEn);

    await rows
      .nth(1)
      .getByRole('button', { name: `${nameNl} bewerken` })
      .click();
    const edit = page.getByRole('dialog', { name: `${nameNl} bewerken` });
    await expect(edit.getByRole('textbox', { name: 'Naam (Engels)' })).toHaveValue(nameEn);
    await edit.getByRole('textbox', { name: 'Naam (Engels)' }).fill(renamedEn);
    await edit.getByRole('button', { name: 'Opslaan' }).click();
    await expect(toast(page, `${nameNl} is opgeslagen.`)).toBeVisible();
    await expect(rows.nth(1)).toContainText(renamedEn);

    await rows
      .nth(1)
      .getByRole('button', { name: `${nameNl} verwijderen` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Verwijderen' });
    await expect(confirm).toContainText(`Weet je zeker dat je ${nameNl} wilt verwijderen?`);
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(toast(page, `${nameNl} is verwijderd.`)).toBeVisible();
    await expect(page.getByText('Niets gevonden', { exact: true })).toBeVisible();

    // A category products carry stays.
    await searchFor(page, 'Zoek op naam', 'Verlichting');
    await expect(rows).toHaveCount(2);
    // The server says it is in use: the button says why (to a screen reader too) and asks nothing.
    const inUse = rows.nth(1).getByRole('button', { name: 'Verlichting verwijderen' });
    await expect(inUse).toHaveAttribute('aria-disabled', 'true');
    await expect(inUse).toHaveAccessibleDescription(
      /^Verlichting wordt nog gebruikt door \d+ producten? en kan niet worden verwijderd/,
    );
    // Reachable from the keyboard: focus shows the reason, Enter says it again and deletes nothing.
    await rows.nth(1).getByRole('button', { name: 'Verlichting bewerken' }).focus();
    await page.keyboard.press('Tab');
    await expect(inUse).toBeFocused();
    await expect(page.getByRole('tooltip')).toContainText('Verlichting wordt nog gebruikt door');
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Verlichting wordt nog gebruikt door')).toContainText('kan niet worden verwijderd');
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Verlichting');
  });

  test('a Robox material is created with its ERP article, listed, and deleted', async ({ page }) => {
    const tag = uniqueTag();
    const name = `Multiplex okoumé ${tag}`;
    const code = `E2E-MPX-${tag}`;
    // An HPL board of the stand-in's catalogue (article 8), one the sync tests never drop.
    const article = erpArticle(8);
    await page.goto('/robox/materials');
    await page.getByRole('link', { name: 'Nieuw materiaal' }).click();
    await expect(page).toHaveURL('/robox/materials/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuw Robox-materiaal' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Naam', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await page.getByRole('combobox', { name: 'Categorie' }).click();
    await page.getByRole('option', { name: 'Plaatmateriaal' }).click();
    await page.getByRole('textbox', { name: 'Dikte' }).fill('18');
    await page.getByRole('textbox', { name: 'Plaatlengte' }).fill('2500');
    await page.getByRole('textbox', { name: 'Plaatbreedte' }).fill('1220');
    await page.getByRole('textbox', { name: 'Kleur / afwerking' }).fill('Okoumé naturel');
    await page.getByRole('combobox', { name: 'Gekoppeld artikel' }).fill(article.sku);
    await page.getByRole('option', { name: `${article.sku} · ${article.name}` }).click();
    await page.getByRole('button', { name: 'Materiaal aanmaken' }).click();

    await expect(toast(page, `Materiaal ${name} is aangemaakt.`)).toBeVisible();
    await expect(page).toHaveURL(/\/robox\/materials\/[0-9]+\/edit$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText(`Code ${code} · gebruikt door 0 producten`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Gekoppeld artikel' })).toHaveValue(`${article.sku} · ${article.name}`);

    await page.goto('/robox/materials');
    await searchFor(page, 'Zoek op naam, code of kleur', tag);
    const rows = page.getByRole('table', { name: 'Robox-materialen' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    const row = rows.nth(1);
    for (const text of [name, code, 'Plaatmateriaal', '18 mm', `${nlNumber(2500)} × ${nlNumber(1220)} mm`, 'Okoumé naturel']) {
      await expect(row).toContainText(text);
    }
    await expect(row.getByRole('link', { name: article.sku })).toBeVisible();

    await row.getByRole('button', { name: `${name} verwijderen` }).click();
    const confirm = page.getByRole('dialog', { name: 'Materiaal verwijderen' });
    await confirm.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(toast(page, `Materiaal ${name} is verwijderd.`)).toBeVisible();
    await expect(page.getByText('Geen materialen gevonden')).toBeVisible();
  });
});
