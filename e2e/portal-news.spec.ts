import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { animationsDone, sidewaysScroll, submitLogin, toast } from './support/app';
import { checkAccessibility, expect, test, watchAccessibility } from './support/axe';
import { uniqueTag } from './support/catalogue';
import { linkFrom, waitForMail } from './support/mail';

/**
 * What the portal shows around its pages: the header in the company's colours, the first-login
 * welcome, the company's news and the bell. A company of its own (over the API, in a light yellow
 * that needs dark text) with a freshly invited user, so the demo companies and their people stay
 * as they are (Emma's password belongs to password-reset.spec.ts). The account manager publishes a
 * post in the back office; the job `posts.notify` (every minute) tells the company's users, so the
 * bell is awaited for up to two and a half minutes. Screenshots (1280 and 390 px) go to
 * PORTAL_NEWS_SHOTS when it is set.
 */

const JSON_HEADERS = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
const PASSWORD = 'Portaal-Nieuws-2026!';
const PRIMARY = '#f4d35e';
const SECONDARY = '#1c3d5a';
/** The near-black text portal-colors.ts writes on a light primary colour. */
const INK = 'rgb(26, 27, 30)';

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

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

const shotsDir = process.env.PORTAL_NEWS_SHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  fs.mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

test.describe.configure({ timeout: 300_000 });
test.use({ actor: 'admin' });

test('a new company user is welcomed once, reads the news in the company colours, and the bell tells about it', async ({
  page,
  browser,
}, testInfo) => {
  const tag = uniqueTag();
  const companyName = `Nieuws E2E ${tag}`;
  const title = `Werfbezoek ${tag}`;

  // The account manager: a company in a light yellow, and a user invited at once (a second one not).
  await page.goto('/');
  const company = await apiPost<{ id: number }>(page, '/api/companies', {
    name: companyName,
    sector: 'leisure',
    primaryColor: PRIMARY,
    secondaryColor: SECONDARY,
  });
  const email = `lotte.${tag.toLowerCase()}@e2e.test`;
  const invitedAt = new Date();
  await apiPost(page, `/api/companies/${company.id}/users`, {
    firstName: 'Lotte',
    lastName: 'Visser',
    email,
    jobTitle: 'Facilitair manager',
    phone: '+31 10 123 45 67',
    sendInvitation: true,
  });
  await apiPost(page, `/api/companies/${company.id}/users`, {
    firstName: 'Bram',
    lastName: 'de Wit',
    email: `bram.${tag.toLowerCase()}@e2e.test`,
    sendInvitation: false,
  });
  const mail = await waitForMail({ to: email, subject: 'Je account staat klaar', since: invitedAt });
  const link = linkFrom(mail, '/auth/create-password');

  const context = await browser.newContext();
  await watchAccessibility(context);
  try {
    const portal = await context.newPage();
    await portal.goto(link);
    await portal.getByRole('textbox', { name: 'Nieuw wachtwoord' }).fill(PASSWORD);
    await portal.getByRole('textbox', { name: 'Herhaal het wachtwoord' }).fill(PASSWORD);
    await portal.getByRole('button', { name: 'Account activeren' }).click();
    await expect(portal).toHaveURL('/auth/login?password=set');
    await expect(portal.getByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeVisible();
    await submitLogin(portal, { email, password: PASSWORD });
    await expect(portal).toHaveURL('/');

    // First login: welcomed once. Closed, it stays away after a reload.
    const welcome = portal.getByRole('dialog', { name: 'Welkom, Lotte' });
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText(`Dit is het portaal van ${companyName}.`);
    await welcome.getByRole('button', { name: 'Aan de slag' }).click();
    await expect(welcome).toBeHidden();
    await expect
      .poll(async () => {
        const me = await portal.request.get('/api/user/current', { headers: JSON_HEADERS });
        return ((await me.json()) as { data: { first_login: boolean } }).data.first_login;
      })
      .toBe(false);
    await portal.reload();
    // The welcome is decided from the signed-in user, which the portal has before it shows a page.
    await expect(portal.getByRole('heading', { level: 1, name: 'Projecten' })).toBeVisible();
    await expect(portal.getByRole('dialog')).toHaveCount(0);

    // The header: the company's primary colour, dark text on it (it is light), the navigation.
    const header = portal.getByRole('banner');
    await expect(header).toHaveCSS('background-color', rgb(PRIMARY));
    await expect(header.getByText(companyName, { exact: true })).toHaveCSS('color', INK);
    const nav = portal.getByRole('navigation', { name: 'Hoofdnavigatie' });
    for (const name of ['Projecten', 'Jouw producten', 'Productbestanden', 'Nieuws', 'Inspiratie']) {
      await expect(nav.getByRole('link', { name })).toHaveCSS('color', INK);
    }
    await expect(nav.getByRole('link', { name: 'Projecten' })).toHaveAttribute('aria-current', 'page');
    // The current link is underlined in the secondary colour.
    await expect(nav.getByRole('link', { name: 'Projecten' })).toHaveCSS('border-bottom-color', rgb(SECONDARY));
    await expect(header.getByRole('button', { name: 'Meldingen' })).toBeVisible();

    // No news yet: the news page says so.
    await nav.getByRole('link', { name: 'Nieuws' }).click();
    await expect(portal).toHaveURL('/news');
    await expect(portal.getByRole('heading', { level: 1, name: 'Nieuws' })).toBeVisible();
    await expect(portal.getByText('Nog geen nieuws')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Nieuws' })).toHaveAttribute('aria-current', 'page');

    // The account manager writes and publishes a post for the company in the back office.
    await page.goto(`/companies/${company.id}/posts/new`);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: /^Titel/ }).fill(title);
    const body = main.getByRole('textbox', { name: /^Tekst/ });
    await body.click();
    await page.keyboard.type('Volgende week lopen we ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('alle ruimtes');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type(' samen na.');
    await main.getByRole('radio', { name: 'Gepubliceerd' }).check();
    const publishedAt = Date.now();
    await main.getByRole('button', { name: 'Publiceren' }).click();
    await expect(toast(page, `${title} is gepubliceerd.`)).toBeVisible();

    // The company's user finds it under Nieuws and opens it.
    await portal.reload();
    const news = portal.getByRole('list', { name: 'Nieuwsberichten' });
    const card = news.getByRole('listitem').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Volgende week lopen we alle ruimtes samen na.');
    await expect(card.getByText(/^\d\d-\d\d-\d{4}$/)).toBeVisible();
    await shot(portal, 'news-wide');
    await card.getByRole('link', { name: title }).click();
    await expect(portal).toHaveURL(/\/news\/\d+$/);
    const postUrl = portal.url();
    await expect(portal.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(portal.getByTestId('news-post-body').locator('strong')).toHaveText('alle ruimtes');
    await expect(portal.getByText(/^Gepubliceerd op /)).toBeVisible();
    await expect(portal.getByRole('navigation', { name: 'Kruimelpad' })).toContainText(title);
    await shot(portal, 'news-post-wide');
    // A post that is not the company's (or does not exist) is not found.
    await portal.goto('/news/2147483000');
    await expect(portal.getByRole('alert')).toContainText('Dit bericht bestaat niet (meer).');

    // The bell: a post published now is told to the company's users at once (a job right after the save).
    await expect
      .poll(
        async () => {
          const res = await portal.request.get('/api/notifications', { headers: JSON_HEADERS });
          return ((await res.json()) as { meta: { unread: number } }).meta.unread;
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(1);
    console.log(`[portal-news] the notification came ${Math.round((Date.now() - publishedAt) / 1000)} s after publishing`);
    await portal.goto('/');
    const bell = header.getByRole('button', { name: 'Meldingen, 1 ongelezen' });
    await expect(bell).toBeVisible();
    // The count's colours as painted: Mantine paints its background in a ::before layer, which axe
    // does not see (it once left dark text on the dark primary colour, about 2:1).
    const painted = await bell.locator('.mantine-Indicator-indicator').evaluate((el) => ({
      text: getComputedStyle(el).color,
      layer: getComputedStyle(el, '::before').backgroundColor,
    }));
    expect(painted.layer, 'the count is painted in the company colour').toBe(rgb(SECONDARY));
    expect(contrastOf(painted.text, painted.layer), JSON.stringify(painted)).toBeGreaterThanOrEqual(4.5);
    await bell.click();
    const dropdown = portal.getByRole('dialog', { name: 'Meldingen' });
    await expect(dropdown.getByRole('link', { name: `Nieuw bericht: ${title}` })).toBeVisible();
    await shot(portal, 'bell-wide');
    await dropdown.getByRole('link', { name: 'Alle meldingen bekijken' }).click();
    await expect(portal).toHaveURL('/notifications');
    // The bell's dropdown closes on the way (it has an 'Alles gelezen' of its own).
    await expect(dropdown).toBeHidden();
    await expect(portal.getByRole('heading', { level: 1, name: 'Meldingen' })).toBeVisible();
    await expect(portal.getByText('1 ongelezen melding')).toBeVisible();
    const item = portal.getByRole('list', { name: 'Meldingen' }).getByRole('listitem').filter({ hasText: title });
    await expect(item.getByText('Nieuw', { exact: true })).toBeVisible();
    await expect(item.getByRole('link', { name: `Nieuw bericht: ${title}` })).toHaveAttribute('href', new URL(postUrl).pathname);
    await shot(portal, 'notifications-wide');
    const markAll = portal.getByRole('main').getByRole('button', { name: 'Alles gelezen' });
    await markAll.click();
    await expect(toast(portal, 'Alle meldingen zijn als gelezen gemarkeerd.')).toBeVisible();
    await expect(item.getByText('Nieuw', { exact: true })).toBeHidden();
    await expect(header.getByRole('button', { name: 'Meldingen', exact: true })).toBeVisible();
    await expect(markAll).toBeDisabled();

    // Users and settings from the user menu.
    await header.getByRole('button', { name: 'Gebruikersmenu van Lotte Visser' }).click();
    await portal.getByRole('menuitem', { name: 'Gebruikers' }).click();
    await expect(portal).toHaveURL('/users');
    const people = portal.getByRole('list', { name: `Gebruikers van ${companyName}` });
    const lotte = people.getByRole('listitem').filter({ hasText: 'Lotte Visser' });
    await expect(lotte.getByText('Facilitair manager')).toBeVisible();
    await expect(lotte.getByRole('link', { name: `Mail Lotte Visser op ${email}` })).toHaveAttribute('href', `mailto:${email}`);
    await expect(people.getByRole('listitem').filter({ hasText: 'Bram de Wit' })).toBeVisible();
    await shot(portal, 'users-wide');
    await header.getByRole('button', { name: 'Gebruikersmenu van Lotte Visser' }).click();
    await portal.getByRole('menuitem', { name: 'Instellingen' }).click();
    await expect(portal).toHaveURL('/settings');
    await expect(portal.getByRole('heading', { level: 1, name: 'Mijn account' })).toBeVisible();
    // Her own details: the job title changes, the e-mail address is shown, not editable.
    const jobTitle = portal.getByRole('textbox', { name: 'Functie' });
    await expect(jobTitle).toHaveValue('Facilitair manager');
    await expect(portal.getByText(new RegExp(`Je e-mailadres \\(${email.replace(/[.]/g, '\\.')}\\)`))).toBeVisible();
    await jobTitle.fill('Hoofd facilitaire zaken');
    await portal.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(toast(portal, 'Je gegevens zijn opgeslagen.')).toBeVisible();
    await portal.reload();
    await expect(portal.getByRole('textbox', { name: 'Functie' })).toHaveValue('Hoofd facilitaire zaken');
    await shot(portal, 'settings-wide');

    // On a phone: the burger opens and closes the menu, nothing scrolls sideways.
    await portal.setViewportSize({ width: 390, height: 844 });
    for (const [name, path] of [
      ['news', '/news'],
      ['news-post', new URL(postUrl).pathname],
      ['notifications', '/notifications'],
      ['users', '/users'],
      ['settings', '/settings'],
    ] as const) {
      await portal.goto(path);
      await expect(portal.getByRole('heading', { level: 1 })).toBeVisible();
      await expect.poll(() => sidewaysScroll(portal), { message: `${name}: the page scrolls sideways` }).toBeLessThanOrEqual(0);
      await shot(portal, `${name}-phone`);
    }
    const burger = portal.getByTestId('mobile-menu-toggle');
    const menu = portal.getByTestId('mobile-menu');
    await expect(nav).toBeHidden();
    await expect(header.getByRole('button', { name: 'Meldingen', exact: true })).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(menu).toBeVisible();
    for (const name of [
      'Projecten',
      'Jouw producten',
      'Productbestanden',
      'Nieuws',
      'Inspiratie',
      'Instellingen',
      'Gebruikers',
    ]) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Uitloggen' })).toBeVisible();
    await shot(portal, 'menu-phone');
    await burger.click();
    await expect(menu).toBeHidden();
    await burger.click();
    await menu.getByRole('link', { name: 'Nieuws' }).click();
    await expect(portal).toHaveURL('/news');
    await expect(menu).toBeHidden();
    await checkAccessibility(context, testInfo);
  } finally {
    await context.close();
  }
});

test('acting as Nordic Star Cruises, an employee sees the portal in its colours, with white text and no bell', async ({
  page,
}) => {
  await page.goto('/');
  const list = await page.request.get('/api/companies?q=Nordic', { headers: JSON_HEADERS });
  const nordic = ((await list.json()) as { data: { id: number; name: string }[] }).data.find(
    (c) => c.name === 'Nordic Star Cruises',
  );
  if (!nordic) throw new Error('no demo company Nordic Star Cruises');
  const detail = await page.request.get(`/api/companies/${nordic.id}`, { headers: JSON_HEADERS });
  const { primaryColor, secondaryColor } = ((await detail.json()) as { data: { primaryColor: string; secondaryColor: string } })
    .data;

  await page.goto('/companies');
  await page.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' }).click();
  const toolbar = page.getByRole('status').filter({ hasText: 'Ingelogd als Nordic Star Cruises' });
  await expect(toolbar).toBeVisible();
  await expect(toolbar).toHaveCSS('background-color', rgb(secondaryColor));
  const header = page.getByRole('banner');
  await expect(header).toHaveCSS('background-color', rgb(primaryColor));
  await expect(header.getByText('Nordic Star Cruises', { exact: true })).toHaveCSS('color', 'rgb(255, 255, 255)');
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(nav.getByRole('link', { name: 'Projecten' })).toHaveCSS('color', 'rgb(255, 255, 255)');
  // The bell is the person's own: an employee acting as a company has none of the company's.
  await expect(header.getByRole('button', { name: /^Meldingen/ })).toHaveCount(0);
  await shot(page, 'acting-nordic-wide');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('mobile-menu-toggle').click();
  await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Nieuws' })).toBeVisible();
  // The menu has opened all the way (it slides open) before the picture.
  await expect(page.getByTestId('mobile-menu').getByRole('link', { name: 'Gebruikers' })).toBeInViewport({ ratio: 1 });
  if (shotsDir) await animationsDone(page);
  await shot(page, 'acting-nordic-menu-phone');
  await toolbar.getByRole('button', { name: 'Stoppen' }).click();
  await expect(toolbar).toBeHidden();
});

/** The WCAG contrast ratio of two computed colours (`rgb(r, g, b)`). */
function contrastOf(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
