import { expect, test, type Page } from "@playwright/test";
import { bearer } from "./admin-commerce-helpers";
import { signInViaApi, waitForAdminPage } from "./admin-helpers";
import { adminRoutes, expectNoAxeViolations } from "./helpers";

// The coach works from her phone too: with texts she customised (each then carries a long Dutch
// date, "Aangepast op donderdag 26 november 2026 om 00:31"), no admin page may scroll sideways.

// A block and a mail no other spec reads, since specs run in parallel.
const BLOCK = "transformeer.change.text";
const MAIL = "intro_call_reminder";
const CUSTOMISED_TEXT = "Kom in het licht van wie je werkelijk bent, in je eigen tempo en op je eigen manier";

/** Every admin page (the spec's and Bestellingen), and the editors of the customised texts. */
const pages = [
  ...adminRoutes.filter((path) => path !== "/admin/login"),
  "/admin/orders",
  "/admin/paginas?pagina=%2Ftransformeer",
  `/admin/mails?soort=${MAIL}`,
];
/** Scanned by axe at every width (issue 22's acceptance names them): the details and the texts. */
const axeAtEveryWidth = new Set(["/admin/instellingen", "/admin/paginas", "/admin/paginas?pagina=%2Ftransformeer"]);
/** The pages that show a customised text with its date. */
const dated = new Set(["/admin/mails", "/admin/paginas?pagina=%2Ftransformeer"]);

async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // The elements sticking out on the right, for the failure message.
    wide: [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? "").slice(0, 60)}`),
  }));
}

test.describe("every admin page fits a phone and a tablet, with customised texts", () => {
  // In one worker, one after the other: with fullyParallel each worker would run beforeAll and
  // afterAll, and one worker's afterAll would restore the texts while the other still checks them.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    const headers = bearer(await signInViaApi(page));
    // A long address in the lists (Nieuwsbrief, Personen) must wrap inside its card.
    const email = `een-heel-lang-adres-voor-een-smalle-telefoon.${Date.now()}@voorbeeld-van-een-lange-domeinnaam.be`;
    const signup = await page.request.post("/api/newsletter", { data: { firstName: "Lang", email } });
    expect(signup.status(), await signup.text()).toBe(200);
    const block = await page.request.put(`/api/admin/page-texts/${BLOCK}`, { headers, data: { markdown: CUSTOMISED_TEXT } });
    expect(block.status(), await block.text()).toBe(200);
    const mail = (await (await page.request.get(`/api/admin/mails/${MAIL}`, { headers })).json()) as { subject: string; body: string };
    const saved = await page.request.put(`/api/admin/mails/${MAIL}`, {
      headers,
      data: { subject: mail.subject, body: `${mail.body}\n\nTot dan, en neem gerust iemand mee!` },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.close();
  });

  test.afterAll(async ({ browser }) => {
    const page = await browser.newPage();
    const headers = bearer(await signInViaApi(page));
    await page.request.delete(`/api/admin/page-texts/${BLOCK}`, { headers });
    await page.request.delete(`/api/admin/mails/${MAIL}`, { headers });
    await page.close();
  });

  // One visit per page, resized through the widths: a fourth of the sign-ins and loads.
  // axe runs at the phone widths 390 and 320 (the other admin specs scan at 1280 px), and at
  // every width on the pages of `axeAtEveryWidth`.
  for (const path of pages) {
    test(`${path} at 320, 390, 820 and 1280 px`, async ({ page }) => {
      // A sign-in, four widths and two to four axe scans of a page of editors on a shared 2-core
      // machine: /admin/zelftest once took more than 30 s there.
      test.slow();
      await page.setViewportSize({ width: 390, height: 800 });
      await signInViaApi(page);
      await page.goto(path);
      await waitForAdminPage(page);
      if (dated.has(path)) {
        await expect(page.getByText(/^Aangepast op /).first()).toBeVisible();
      }
      await expectNoAxeViolations(page);
      for (const width of [320, 390, 820, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        if ((width === 320 || axeAtEveryWidth.has(path)) && width !== 390) await expectNoAxeViolations(page);
        const { scrollWidth, innerWidth, wide } = await pageWidth(page);
        expect(scrollWidth, `${path} at ${width}px is ${scrollWidth - innerWidth}px too wide: ${wide.join(" | ")}`).toBeLessThanOrEqual(innerWidth);
      }
    });
  }
});

// The pages before signing in: the login, the forgotten password, and a reset or invitation link
// (without a valid token they say so in their own words, which must fit as well).
for (const path of ["/admin/login", "/admin/wachtwoord-vergeten", "/admin/nieuw-wachtwoord?token=x", "/admin/uitnodiging?token=x"]) {
  test(`${path} fits 320, 390 and 1280 px signed out, with no axe violation`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(path);
    await expect(page.locator("main h1")).toBeVisible();
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      if (width !== 1280) await expectNoAxeViolations(page);
      const { scrollWidth, innerWidth, wide } = await pageWidth(page);
      expect(scrollWidth, `${path} at ${width}px is ${scrollWidth - innerWidth}px too wide: ${wide.join(" | ")}`).toBeLessThanOrEqual(innerWidth);
    }
  });
}
