// The cookieless visitor counts: a public page view sends one small beacon after load (also on a
// client navigation), never from /admin, without a cookie or anything stored in the browser; Beheer
// > Bezoekers shows it, and has no accessibility violations on a phone and a desktop.
import { expect, test, type Page, type Request } from "@playwright/test";
import { signInViaApi, waitForAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";

// Headless Chromium says so in its user agent, and the server does not count headless browsers:
// these visits come from an ordinary desktop Chrome.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

function beaconTo(page: Page, path: string) {
  return page.waitForRequest(
    (r: Request) => r.url().endsWith("/api/visits") && r.method() === "POST" && (r.postData() ?? "").includes(`"url":"${path}`),
    { timeout: 15_000 },
  );
}

test("a public page view sends the beacon, and Beheer > Bezoekers counts it", async ({ page, context }) => {
  const first = beaconTo(page, "/over-mij?utm_campaign=e2e-herfst");
  await page.goto("/over-mij?utm_campaign=e2e-herfst&email=iemand@example.be");
  const body = (await first).postData() ?? "{}";
  expect(body).not.toContain("iemand");
  const sent = JSON.parse(body) as Record<string, unknown>;
  expect(sent.url).toBe("/over-mij?utm_campaign=e2e-herfst");
  expect(Object.keys(sent).sort()).toEqual(["referrer", "url", "width"]);
  expect(Buffer.byteLength(JSON.stringify(sent))).toBeLessThan(1024);

  // A client navigation is a page view too.
  const second = beaconTo(page, "/contact");
  await page.locator(`a[href="/contact"]:visible`).first().click();
  await expect(page).toHaveURL(/\/contact$/);
  await second;

  // Nothing kept in the browser.
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);

  // The admin pages send none.
  const fromAdmin: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/visits")) fromAdmin.push(r.url());
  });
  await signInViaApi(page);
  await page.goto("/admin/bezoekers");
  await waitForAdminPage(page);
  const pages = page.getByRole("region", { name: "Meest bekeken pagina’s" });
  await expect(pages.getByRole("cell", { name: "/over-mij", exact: true })).toBeVisible();
  await expect(pages.getByRole("cell", { name: "/contact", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Campagnes" }).getByRole("cell", { name: "e2e-herfst" })).toBeVisible();
  await expect(page.getByRole("table", { name: /Het pad van bezoeker tot klant/ })).toBeVisible();
  // A public page sends its beacon at the first idle moment after load (at most 4 s later): an idle
  // callback asked for now runs after that one would have, so by then a beacon would have gone.
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })));
  await page.waitForTimeout(300);
  expect(fromAdmin).toEqual([]);
});

test("Beheer > Bezoekers has no accessibility violations at 390 and 1280 px", async ({ page }) => {
  test.setTimeout(120_000); // four full axe scans
  await signInViaApi(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/bezoekers");
    await waitForAdminPage(page);
    await expect(page.getByRole("figure", { name: /Bezoekers per dag/ })).toBeVisible();
    await expectNoAxeViolations(page);
    // Another period.
    await page.getByLabel("Periode").selectOption("90");
    await expect(page.getByRole("figure", { name: /Bezoekers per dag/ })).toBeVisible();
    await expect(page.locator("main [role=status]").filter({ hasText: /laden/i })).toHaveCount(0);
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
