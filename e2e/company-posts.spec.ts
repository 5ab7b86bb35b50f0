import type { Page } from '@playwright/test';
import { ACCOUNTS, resetAccountLocale, sidewaysScroll, switchLanguage, toast } from './support/app';
import { expect, test } from './support/axe';
import { apiGet, solidPng, uniqueTag } from './support/catalogue';

/**
 * A company's products and news in the back office: an account manager assigns a
 * catalogue product to Nordic Star Cruises (a second time is refused on the product field), writes
 * a post with bold text and a list, publishes it, and the company (an employee acting as it) finds
 * it in GET /api/client/posts. What a test adds it takes away again, so the demo stays as it is.
 * Screenshots (1280 and 390 px wide, Dutch and English) go to COMPANY_POSTS_SHOTS when it is set.
 */

interface Option {
  id: number;
  name: string;
  code: string | null;
}
interface Assigned {
  id: number;
  product: { id: number; name: string };
  reference: string;
}
interface PortalPost {
  id: number;
  title: string;
  body: string;
  image: { thumbUrl: string } | null;
  publishAt: string;
}

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };

async function nordicId(page: Page): Promise<number> {
  const { data } = await apiGet<{ data: { id: number; name: string }[] }>(page, '/api/companies?q=Nordic');
  const nordic = data.find((c) => c.name === 'Nordic Star Cruises');
  if (!nordic) throw new Error('no demo company Nordic Star Cruises');
  return nordic.id;
}

/** A catalogue product the company does not have yet (on any project). */
async function freeProduct(page: Page, companyId: number): Promise<Option> {
  const mine = await apiGet<{ data: Assigned[] }>(page, `/api/companies/${companyId}/products?perPage=100`);
  const taken = new Set(mine.data.map((p) => p.product.id));
  const { data } = await apiGet<{ data: Option[] }>(page, `/api/companies/${companyId}/product-options?q=`);
  const free = data.find((o) => !taken.has(o.id));
  if (!free) throw new Error('every product offered is assigned already');
  return free;
}

test.describe.configure({ timeout: 180_000 });
test.use({ actor: 'admin' });

test.afterEach(async ({ request }) => {
  // The screenshots switch the admin to English: back to Dutch for the other tests, whatever happened.
  await resetAccountLocale(request, ACCOUNTS.admin, 'nl');
});

test('an account manager assigns a product to a company, and a second time is refused', async ({ page }) => {
  await page.goto('/');
  const companyId = await nordicId(page);
  const product = await freeProduct(page, companyId);
  const reference = `E2E-${uniqueTag()}`;
  const main = page.getByRole('main');

  await page.goto(`/companies/${companyId}`);
  await page
    .getByRole('navigation', { name: 'Onderdelen van Nordic Star Cruises' })
    .getByRole('link', { name: 'Producten' })
    .click();
  await expect(page).toHaveURL(`/companies/${companyId}/products`);
  await expect(page.getByRole('navigation', { name: 'Kruimelpad' })).toHaveText(
    /^Home\s*\/\s*Bedrijven\s*\/\s*Nordic Star Cruises\s*\/\s*Producten$/,
  );
  // The demo assigned the products of its order lines.
  await expect(main.getByRole('table', { name: 'Producten van dit bedrijf' }).getByRole('row')).not.toHaveCount(1);

  const assign = async () => {
    await main.getByRole('button', { name: 'Product toewijzen' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Product toewijzen' });
    const searched = page.waitForResponse(
      (r) => r.url().includes('/product-options?') && new URL(r.url()).searchParams.get('q') === product.name,
    );
    await dialog.getByRole('combobox', { name: /^Product/ }).fill(product.name);
    await searched;
    await page
      .getByRole('option', { name: new RegExp(`^${product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: 'Referentie van het bedrijf' }).fill(reference);
    await dialog.getByRole('button', { name: 'Toewijzen' }).click();
    return dialog;
  };

  const first = await assign();
  await expect(toast(page, `${product.name} is toegewezen.`)).toBeVisible();
  await expect(first).toBeHidden();
  await main.getByRole('textbox', { name: 'Zoek op naam, code of referentie' }).fill(reference);
  await expect(page).toHaveURL(new RegExp(`q=${reference}`));
  const row = main.getByRole('row', { name: new RegExp(reference) });
  await expect(row).toBeVisible();
  await expect(row.getByText(product.name)).toBeVisible();

  // The same product again (no project either): refused on the product field, the dialog stays.
  const second = await assign();
  await expect(second.getByText('Dit product is al aan dit bedrijf toegewezen (voor dit project).')).toBeVisible();
  await expect(second.getByRole('combobox', { name: /^Product/ })).toHaveAttribute('aria-invalid', 'true');
  const shots = process.env.COMPANY_POSTS_SHOTS;
  if (shots) {
    await page.screenshot({ path: `${shots}/company-product-modal-wide-nl.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/company-product-modal-phone-nl.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await second.getByRole('button', { name: 'Annuleren' }).click();
  // What was filled in is unsaved: closing asks first.
  await page
    .getByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })
    .getByRole('button', { name: 'Wijzigingen weggooien' })
    .click();
  await expect(second).toBeHidden();

  // Take it away again (after a question).
  await row.getByRole('button', { name: `${product.name} weghalen bij dit bedrijf` }).click();
  await page.getByRole('dialog', { name: 'Product weghalen?' }).getByRole('button', { name: 'Weghalen' }).click();
  await expect(toast(page, `${product.name} is weggehaald bij dit bedrijf.`)).toBeVisible();
  await expect(main.getByText('Geen producten gevonden')).toBeVisible();
});

test('an account manager writes a post with bold text and a list, publishes it, and the company reads it', async ({ page }) => {
  await page.goto('/');
  const companyId = await nordicId(page);
  const title = `Nieuws E2E ${uniqueTag()}`;
  const main = page.getByRole('main');

  await page.goto(`/companies/${companyId}/posts`);
  await expect(main.getByRole('row', { name: /Planning van de komende weken/ })).toBeVisible();
  await expect(main.getByRole('row', { name: /Concept: evaluatie/ }).getByText('Concept', { exact: true })).toBeVisible();
  await expect(
    main.getByRole('row', { name: /Oplevering en nazorg/ }).getByText(/^Gepland \d\d-\d\d-\d{4} \d\d:\d\d$/),
  ).toBeVisible();

  await main.getByRole('link', { name: 'Nieuw bericht' }).click();
  await expect(page).toHaveURL(`/companies/${companyId}/posts/new`);
  await main.getByRole('textbox', { name: /^Titel/ }).fill(title);
  const body = main.getByRole('textbox', { name: /^Tekst/ });
  await body.click();
  await page.keyboard.type('Beste Nordic Star, ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('de hutten zijn klaar');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('.');
  await page.keyboard.press('Enter');
  await main.getByRole('button', { name: 'Opsomming' }).click();
  await page.keyboard.type('Plafonds en wanden');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Meubilair');
  await expect(body.locator('strong')).toHaveText('de hutten zijn klaar');
  await expect(body.locator('ul li')).toHaveCount(2);

  // An image, uploaded on the spot.
  await main.getByLabel('Afbeelding uploaden voor Afbeelding').setInputFiles({
    name: 'stalen.png',
    mimeType: 'image/png',
    buffer: solidPng(800, 450, [28, 61, 90]),
  });
  await expect(main.getByText('stalen.png')).toBeVisible();

  // The preview shows the post as the portal will.
  const preview = main.getByTestId('post-preview');
  await expect(preview.getByText(title)).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('de hutten zijn klaar');
  await expect(preview.locator('li')).toHaveText(['Plafonds en wanden', 'Meubilair']);

  await main.getByRole('radio', { name: 'Gepubliceerd' }).check();
  await main.getByRole('button', { name: 'Publiceren' }).click();
  await expect(toast(page, `${title} is gepubliceerd.`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/companies/${companyId}/posts/\\d+$`));
  const postId = Number(page.url().split('/').pop());
  await expect(main.getByText(/^Gepubliceerd \d\d-\d\d-\d{4}$/)).toBeVisible();
  // The saved body, as the server kept it, is in the editor again: nothing was lost.
  await expect(body.locator('strong')).toHaveText('de hutten zijn klaar');
  await expect(body.locator('ul li')).toHaveCount(2);

  const shots = process.env.COMPANY_POSTS_SHOTS;
  for (const lang of ['nl', 'en'] as const) {
    if (lang === 'en') await switchLanguage(page, 'EN');
    for (const [size, width] of [
      ['wide', 1280],
      ['phone', 390],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const [name, path] of [
        ['products', `/companies/${companyId}/products`],
        ['posts', `/companies/${companyId}/posts`],
        ['post', `/companies/${companyId}/posts/${postId}`],
      ] as const) {
        await page.goto(path);
        await expect(main.getByRole('heading', { level: 1, name: 'Nordic Star Cruises' })).toBeVisible();
        if (name === 'post') await expect(main.getByTestId('rich-text-content').locator('strong')).toBeVisible();
        else if (name === 'posts') await expect(main.getByRole('link', { name: 'Planning van de komende weken' })).toBeVisible();
        else await expect(main.getByText(/^(NOR-\d{3}|NSC-EXTRA-\d+)$/).first()).toBeVisible();
        await expect
          .poll(() => sidewaysScroll(page), { message: `${lang} ${size} ${name}: the page scrolls sideways` })
          .toBeLessThanOrEqual(0);
        if (shots) await page.screenshot({ path: `${shots}/company-${name}-${size}-${lang}.png`, fullPage: true });
      }
    }
  }
  await switchLanguage(page, 'NL');

  // The company reads it: an employee acting as Nordic Star Cruises asks the portal's news.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/companies');
  await page.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' }).click();
  const toolbar = page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' });
  await expect(toolbar).toBeVisible();
  const actingAs = await page.evaluate(() => localStorage.getItem('Acting-As'));
  expect(actingAs).toBe(String(companyId));
  const res = await page.request.get('/api/client/posts', { headers: { ...JSON_HEADERS, 'Acting-As': actingAs ?? '' } });
  expect(res.ok(), await res.text()).toBe(true);
  const news = ((await res.json()) as { data: PortalPost[] }).data;
  const mine = news.find((p) => p.title === title);
  expect(mine, 'the new post is in the portal news').toBeTruthy();
  expect(mine?.body).toContain('<strong>de hutten zijn klaar</strong>');
  expect(mine?.body).toMatch(/<ul><li>(<p>)?Plafonds en wanden(<\/p>)?<\/li><li>(<p>)?Meubilair(<\/p>)?<\/li><\/ul>/);
  expect(mine?.image?.thumbUrl).toMatch(/^\/api\/media\/\d+\/thumb/);
  // Newest first: the post just published is on top of the published ones.
  expect(news[0]?.title).toBe(title);
  // Drafts and posts still to come are not there.
  expect(news.map((p) => p.title)).not.toContain('Concept: evaluatie');
  expect(news.map((p) => p.title)).not.toContain('Oplevering en nazorg');
  await toolbar.getByRole('button', { name: 'Stoppen' }).click();
  await expect(toolbar).toBeHidden();

  // Delete it again (after a question): the demo news stays as it was.
  await page.goto(`/companies/${companyId}/posts/${postId}`);
  await main.getByRole('button', { name: 'Verwijderen' }).click();
  await page.getByRole('dialog', { name: 'Bericht verwijderen?' }).getByRole('button', { name: 'Verwijderen' }).click();
  await expect(toast(page, `${title} is verwijderd.`)).toBeVisible();
  await expect(page).toHaveURL(`/companies/${companyId}/posts`);
});
