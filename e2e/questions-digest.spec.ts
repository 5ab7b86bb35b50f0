import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { ACCOUNTS, getJson, postJson, toast, xsrfToken } from './support/app';
import { expect, test } from './support/axe';
import { queueJob } from './support/jobs';
import { waitForMail } from './support/mail';

// Questions on an order and how a client hears of the answers, both sides in one test: Emma
// (Nordic Star Cruises) asks about her request; the admin sees it unanswered and answers it in the
// app; Emma reads the answer and gets it by mail, and follows up in the question's thread; the
// admin, told of it, sees the thread unanswered again and answers a second time, which Emma reads
// under her follow-up and gets by mail. Then she chooses the daily overview for answers:
// the next answer is in the app, and no mail comes at once; the morning's digest run (queued here
// as its cron would) mails it once, and a second run mails nothing.
// Screens are photographed at 1280 and 390 px into QUESTIONS_SHOTS when it is set.

async function shots(page: Page, name: string): Promise<void> {
  const SHOTS = process.env.QUESTIONS_SHOTS;
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.waitForLoadState('networkidle');
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const PREFS = '/api/user/notification-preferences';

test.use({ actor: 'admin' });

test('a question is answered in the app and mailed; with the daily overview chosen the next answer waits for the digest, mailed once', async ({
  page,
  pageAs,
}) => {
  test.setTimeout(120_000);
  const title = `Loungestoel vraag ${Date.now().toString(36)}`;
  const emma = await pageAs('emma');
  // Emma's request (made over the API: the request form has its own test).
  const created = await postJson<{ data: { id: number } }>(emma.request, '/api/client/orders', {
    title,
    newProductTitle: title,
  });
  const orderId = created.data.id;

  try {
    // Emma asks her question on the order's page.
    await emma.goto(`/orders/${orderId}`);
    await expect(emma.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await emma.getByRole('button', { name: 'Meer informatie vragen' }).click();
    const ask = emma.getByRole('dialog', { name: 'Meer informatie vragen' });
    await ask.getByRole('textbox', { name: 'Je vraag' }).fill('Kan de stoel ook in donkerblauw velours?');
    await ask.getByRole('button', { name: 'Vraag versturen' }).click();
    await expect(toast(emma, 'Je vraag is verstuurd.')).toBeVisible();
    const thread = emma.getByTestId('order-question');
    await expect(thread.getByText('Wacht op antwoord')).toBeVisible();

    // The admin sees it unanswered, in the list and on the request, and answers it.
    await page.goto('/requests?tab=requested');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row.getByText('Onbeantwoord')).toBeVisible();
    await row.getByRole('link', { name: title }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByTestId('order-unanswered')).toHaveText('Onbeantwoord');
    const staffThread = page.getByTestId('order-question');
    await expect(staffThread.getByText('Kan de stoel ook in donkerblauw velours?')).toBeVisible();
    await shots(page, 'staff-question-open');
    const since = new Date();
    await staffThread.getByRole('textbox', { name: 'Je antwoord' }).fill('Ja, velours in donkerblauw kan. We sturen stalen mee.');
    await staffThread.getByRole('button', { name: 'Antwoord versturen' }).click();
    await expect(toast(page, 'Je antwoord is verstuurd. De klant krijgt bericht.')).toBeVisible();
    await expect(staffThread.getByTestId('order-answer')).toContainText('We sturen stalen mee.');
    await expect(page.getByTestId('order-unanswered')).toHaveCount(0);

    // Emma reads the answer on the order, and has it by mail with a link to the order.
    await emma.reload();
    await expect(thread.getByTestId('order-answer')).toContainText('We sturen stalen mee.');
    await expect(thread.getByText('Wacht op antwoord')).toHaveCount(0);
    await shots(emma, 'client-question-answered');
    const mail = await waitForMail({ to: ACCOUNTS.emma.email, subject: `Antwoord op je vraag: ${title}`, since });
    expect(mail.text).toContain('We sturen stalen mee.');
    expect(mail.text).toContain(`/orders/${orderId}`);

    // Emma follows up in the same thread; it waits for an answer again.
    await thread.getByRole('button', { name: /^Vervolgvraag stellen op de vraag van/ }).click();
    await thread.getByRole('textbox', { name: 'Je vervolgvraag' }).fill('Hoe snel kunnen de stalen er zijn?');
    await thread.getByRole('button', { name: 'Vervolgvraag versturen' }).click();
    await expect(toast(emma, 'Je vervolgvraag is verstuurd. We laten je weten wanneer er een antwoord is.')).toBeVisible();
    await expect(thread.getByTestId('order-follow-up')).toContainText('Hoe snel kunnen de stalen er zijn?');
    await expect(thread.getByText('Wacht op antwoord')).toBeVisible();
    await shots(emma, 'client-follow-up');

    // The admin is told as of a question, sees the thread unanswered again and answers the follow-up.
    const told = await getJson<{ data: { kind: string; data: { orderId?: number; followUp?: boolean } }[] }>(
      page.request,
      '/api/notifications',
    );
    expect(told.data.find((n) => n.kind === 'order.info_requested' && n.data.orderId === orderId)?.data.followUp).toBe(true);
    await page.reload();
    await expect(page.getByTestId('order-unanswered')).toHaveText('Onbeantwoord');
    await expect(staffThread.getByTestId('order-follow-up')).toContainText('Hoe snel kunnen de stalen er zijn?');
    const sinceFollowUp = new Date();
    await staffThread.getByRole('textbox', { name: 'Je antwoord' }).fill('Binnen een week bij jullie.');
    await staffThread.getByRole('button', { name: 'Antwoord versturen' }).click();
    await expect(toast(page, 'Je antwoord is verstuurd. De klant krijgt bericht.')).toBeVisible();
    await expect(staffThread.getByTestId('order-answer')).toHaveCount(2);
    await expect(page.getByTestId('order-unanswered')).toHaveCount(0);
    await shots(page, 'staff-follow-up-answered');

    // Emma reads the thread in order, both sides, and has the second answer by mail.
    await emma.reload();
    const entries = thread.locator('[data-testid="order-answer"], [data-testid="order-follow-up"]');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('We sturen stalen mee.');
    await expect(entries.nth(1)).toContainText('Hoe snel kunnen de stalen er zijn?');
    await expect(entries.nth(2)).toContainText('Binnen een week bij jullie.');
    await expect(thread.getByText('Wacht op antwoord')).toHaveCount(0);
    const second = await waitForMail({
      to: ACCOUNTS.emma.email,
      subject: `Antwoord op je vraag: ${title}`,
      since: sinceFollowUp,
    });
    expect(second.text).toContain('Binnen een week bij jullie.');

    // Emma chooses the daily overview for answers to her questions.
    await emma.goto('/settings');
    const answers = emma.getByRole('radiogroup', { name: 'Antwoord op je vraag over een bestelling' });
    await expect(answers.getByRole('radio', { name: 'Direct een mail (standaard)' })).toBeChecked();
    await answers.getByText('Dagelijks overzicht').click();
    await emma.getByRole('button', { name: 'Voorkeuren opslaan' }).click();
    await expect(toast(emma, 'Je voorkeuren zijn opgeslagen.')).toBeVisible();
    await shots(emma, 'client-preferences');

    // A second question and answer (over the API: the screens were shown above). The answer is in
    // Emma's notifications at once, and no mail is sent for it now: it waits for the digest.
    const asked = await postJson<{ data: { events: { id: number; kind: string }[] } }>(
      emma.request,
      `/api/client/orders/${orderId}/more-info`,
      { comment: 'En de poten?' },
    );
    const another = asked.data.events.filter((e) => e.kind === 'info_requested').at(-1);
    const again = new Date();
    await postJson(page.request, `/api/orders/${orderId}/questions/${another?.id}/answers`, { comment: 'Eiken poten.' });
    const mine = await getJson<{ data: { kind: string; data: { comment?: string } }[] }>(emma.request, '/api/notifications');
    expect(mine.data.find((n) => n.kind === 'order.info_answered')?.data.comment).toBe('Eiken poten.');
    // The outbox sends an immediate mail right after the commit: a mail for this answer would be
    // here well within these seconds.
    await expect(
      waitForMail({ to: ACCOUNTS.emma.email, subject: `Antwoord op je vraag: ${title}`, since: again }, 4_000),
    ).rejects.toThrow(/no mail/);

    // The morning's digest run: one mail with the answer in it. A second run finds nothing owed.
    const digestSubject = 'Je dagelijkse overzicht: 1 melding';
    await queueJob('notifications.digest');
    const digest = await waitForMail({ to: ACCOUNTS.emma.email, subject: digestSubject, since: again });
    expect(digest.text).toContain(`Antwoord op je vraag: ${title}`);
    expect(digest.text).toContain(`/orders/${orderId}`);
    const afterFirst = new Date();
    await queueJob('notifications.digest');
    await expect(waitForMail({ to: ACCOUNTS.emma.email, subject: digestSubject, since: afterFirst }, 4_000)).rejects.toThrow(
      /no mail/,
    );

    // The same screens in English, for the photographs only (the accounts go back to Dutch).
    if (process.env.QUESTIONS_SHOTS) {
      const locale = async (who: Page, l: 'nl' | 'en') => {
        const res = await who.request.patch('/api/locale', {
          headers: {
            'X-Requested-With': 'XMLHttpRequest',
            Accept: 'application/json',
            'X-XSRF-TOKEN': await xsrfToken(who.request),
          },
          data: { locale: l },
        });
        expect(res.ok()).toBe(true);
      };
      await Promise.all([locale(emma, 'en'), locale(page, 'en')]);
      try {
        await emma.goto(`/orders/${orderId}`);
        await expect(emma.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
        await shots(emma, 'client-question-answered-en');
        await emma.goto('/settings');
        await expect(emma.getByRole('button', { name: 'Save preferences' })).toBeVisible();
        await shots(emma, 'client-preferences-en');
        await page.goto(`/requests/${orderId}`);
        await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeVisible();
        await shots(page, 'staff-questions-en');
      } finally {
        await Promise.all([locale(emma, 'nl'), locale(page, 'nl')]);
      }
    }
  } finally {
    // Emma is shared with the other flows: her preference goes back to the default.
    await emma.request.put(PREFS, {
      headers: {
        'X-Requested-With': 'XMLHttpRequest',
        Accept: 'application/json',
        'X-XSRF-TOKEN': await xsrfToken(emma.request),
      },
      data: { preferences: [{ kind: 'order.info_answered', mode: 'immediate' }] },
    });
  }
});
