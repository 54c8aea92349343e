// Issue 15, a school outside Cairo: the demo tenant created in Asia/Muscat (DEFAULT_TIME_ZONE), a
// lecture unlocked with a unit code, and the unit viewer counting its 7-day window in Muscat's days,
// as the server does, when the browser's clock reaches the window's end.
import { startOfDayPlusDays, unitCodeAvailability } from '@app/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launchBrowser } from './support/browser';
import { NEW_STUDENT, checkScreen, login, openContext, visible, waitForPath } from './support/journey';
import { printedCodes, startServer, type RunningServer } from './support/server';

const MUSCAT = 'Asia/Muscat';
const CAIRO = 'Africa/Cairo';
const PHYSICS_UNIT = 'الوحدة الأولى: التيار الكهربي وقانون أوم';
const MINUTE = 60_000;

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ RATE_LIMIT_MAX: '100000', DEFAULT_TIME_ZONE: MUSCAT }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a school in Oman', () => {
  test("a lecture's window is counted in Muscat's days on the screen, as on the server", async () => {
    const [tenant] = server.query<{ time_zone: string }>('SELECT time_zone FROM tenants');
    expect(tenant?.time_zone).toBe(MUSCAT);
    const code = printedCodes(server.output(), 'unit')[0]!;
    const context = await openContext(browser, server, {
      deviceId: 'e2e-oman-laptop',
      splashSeen: true,
      viewport: DESKTOP,
    });
    const page = await context.newPage();
    await login(page, NEW_STUDENT.email);
    await page.goto('/');
    await page.getByLabel('كود المحاضرة').fill(code);
    await page.getByRole('button', { name: 'تفعيل الكود' }).click();
    await waitForPath(page, '/my-lectures');
    await (await visible(page.getByRole('link', { name: `ادخل المحاضرة: ${PHYSICS_UNIT}` }))).click();
    await page.waitForURL(/\/unit-viewer\/\d+\?lesson=0$/);
    // Redeemed today: the whole week is left, counted in Muscat.
    await visible(page.getByText('متاحة، يتبقى ٧ أيام'));
    const unitPath = new URL(page.url()).pathname;

    // The moment Muscat's and Cairo's counts disagree: half an hour after the earlier of the two
    // ends (Muscat's, unless the code was redeemed between Muscat's and Cairo's midnight).
    const [unlock] = server.query<{ unlocked_at: string }>(
      'SELECT uu.unlocked_at FROM unit_unlocks uu JOIN users u ON u.id = uu.user_id WHERE u.email = ?',
      NEW_STUDENT.email,
    );
    const redeemedAt = new Date(unlock!.unlocked_at);
    const ends = [MUSCAT, CAIRO].map((zone) => startOfDayPlusDays(redeemedAt, 7, zone).getTime());
    const at = new Date(Math.min(...ends) + 30 * MINUTE);
    const inMuscat = unitCodeAvailability({ now: at, redeemedAt, timeZone: MUSCAT });
    const inCairo = unitCodeAvailability({ now: at, redeemedAt, timeZone: CAIRO });
    expect(inMuscat.state).not.toBe(inCairo.state);

    await context.clock.install({ time: at });
    await page.goto(unitPath);
    if (inMuscat.state === 'ended') {
      // Why, with the last open day in Muscat (Arabic, Arabic-Indic digits), and what helps.
      const lastDay = new Intl.DateTimeFormat('ar-EG', {
        numberingSystem: 'arab',
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: MUSCAT,
      }).format(new Date(inMuscat.endedAt.getTime() - 1));
      const reason = `انتهت مدة إتاحة هذه المحاضرة بنهاية يوم ${lastDay}`;
      await visible(page.getByRole('heading', { name: 'الوحدة غير متاحة' }));
      await visible(page.getByText(reason));
      await visible(page.getByLabel('كود المحاضرة'));
      await visible(page.getByText('تواصل مع المشرف على واتساب'));
      await checkScreen(page, 'oman-unit-viewer-ended');

      // The card says the same, and offers the same ways out instead of entering.
      await page.goto('/my-lectures');
      await visible(page.getByText(reason));
      await visible(page.getByText('غير مفعّلة'));
      expect(await page.getByRole('link', { name: `ادخل المحاضرة: ${PHYSICS_UNIT}` }).count()).toBe(0);
      await visible(page.getByRole('link', { name: 'إدخال كود جديد' }));
      await checkScreen(page, 'oman-my-lectures-ended');
    } else {
      await visible(page.getByText('متاحة، يتبقى يوم واحد'));
    }
    await context.close();
  });
});
