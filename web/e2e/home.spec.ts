import { expect, test, type Page } from "@playwright/test";
import type { ReviewList } from "@/lib/api-types";
import { waitForHydration } from "./helpers";

const builtHome = new URL("../build/client/index.html", import.meta.url).pathname;

/**
 * The two ways the home page's reviews come from the API rather than in its HTML (a visit to / gets
 * them in the page the server sends, when she has approved reviews).
 */
const reviewsFromTheApi = {
  // Reached in the app from the one page that boots React Router, the 404 page: the app renders
  // the home page.
  "in the app": async (page: Page) => {
    await page.goto("/bestaat-niet");
    await waitForHydration(page);
    await page.getByRole("link", { name: "In Lumine – naar de startpagina" }).first().click();
    await expect(page).toHaveURL(/\/$/);
  },
  // Loaded as a site without approved reviews has it (the server sends the built page as it is):
  // the reviews' island asks the API once the visitor reads down to it (islands hydrate near the view).
  "as islands": async (page: Page) => {
    await page.route((url) => url.pathname === "/", (route) => route.fulfill({ path: builtHome, contentType: "text/html" }));
    await page.goto("/");
    await page.locator("[data-live-reviews]").scrollIntoViewIfNeeded();
  },
};

test("home has the spec's sections and links in order", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Doe de zelftest" })).toHaveAttribute("href", "/wees-eerlijk");

  const readMore = main.getByRole("link", { name: /Lees meer/ });
  await expect(readMore).toHaveCount(3);
  for (const [i, href] of ["/wees-eerlijk", "/begrijp-jezelf", "/transformeer"].entries()) {
    await expect(readMore.nth(i)).toHaveAttribute("href", href);
    await expect(readMore.nth(i)).toHaveText("Lees meer");
  }
  await expect(main.locator('a[href="/over-mij"]')).not.toHaveCount(0);
  await expect(main.locator('a[href="/contact"]')).not.toHaveCount(0);
  for (const href of ["/wees-eerlijk", "/vertelavond", "/gratis-kennismakingsgesprek"]) {
    await expect(main.locator(`a[href="${href}"]`)).not.toHaveCount(0);
  }
  await expect(main.getByText(/in het licht/i).first()).toBeVisible();
  await expect(main.getByRole("button", { name: "Abonneer" })).toBeVisible();
});

test("the intro video loads only when it comes near the viewport, then stays", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/");
  const placeholder = page.getByText("Loading video...");
  await expect(placeholder).toBeAttached();
  await page.waitForTimeout(300);
  await expect(page.locator("main iframe")).toHaveCount(0);

  await placeholder.scrollIntoViewIfNeeded();
  const frame = page.locator("main iframe").first();
  await expect(frame).toBeAttached();
  await expect(frame).toHaveAttribute("src", /youtube-nocookie\.com\/embed\/|player\.vimeo\.com/);
  await expect(page.getByText("Loading video...")).toHaveCount(0);

  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(200);
  await expect(page.locator("main iframe")).toHaveCount(1);
});

test("the video starts loading 100px before it enters the viewport, not earlier", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto("/");
  // The observed box is the 16:9 frame around the centred placeholder text.
  const frameBox = page.getByText("Loading video...").locator("xpath=../..");
  const top = await frameBox.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  // 150px below the fold: outside the 100px margin.
  await page.evaluate((y) => window.scrollTo(0, y - 600 - 150), top);
  await page.waitForTimeout(300);
  await expect(page.locator("main iframe")).toHaveCount(0);
  // 50px below the fold: inside the margin.
  await page.evaluate((y) => window.scrollTo(0, y - 600 - 50), top);
  await expect(page.locator("main iframe")).toHaveCount(1);
});

test("a part far down the page loads its code only once the visitor comes near it", async ({ page }) => {
  // A phone runs no code for what it does not show (islands/boot.tsx): the reviews near the end of
  // the home page hydrate when they come within 100px of the view.
  await page.setViewportSize({ width: 412, height: 823 });
  const reviewsCode: string[] = [];
  page.on("request", (r) => /\/assets\/island-testimonials-/.test(r.url()) && reviewsCode.push(r.url()));
  await page.goto("/");
  await expect(page.locator("html[data-islands-ready]")).toBeAttached();
  await page.waitForTimeout(300);
  expect(reviewsCode, "loaded before the visitor came near").toEqual([]);
  await page.locator("[data-live-reviews]").scrollIntoViewIfNeeded();
  await expect.poll(() => reviewsCode.length).toBe(1);
});

test.describe("testimonials", () => {
  test("shows the newest reviews from the server in 1, 2 or 4 columns", async ({ page, request }) => {
    const list = page.getByRole("list", { name: /ervaringen|reviews|wat anderen/i });
    // The admin tests add and remove reviews in parallel: retry until the API and the page agree.
    await expect(async () => {
      const { reviews } = (await (await request.get("/api/reviews")).json()) as ReviewList;
      expect(reviews.length).toBeGreaterThan(3);
      await page.goto("/");
      await expect(list.getByRole("listitem")).toHaveCount(Math.min(reviews.length, 12), { timeout: 3_000 });
      await expect(list.getByRole("listitem").first()).toContainText(reviews[0]!.name, { timeout: 1_000 });
      await expect(list.getByRole("listitem").first()).toContainText(reviews[0]!.text.slice(0, 30), { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    const columns = async () =>
      list.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").filter(Boolean).length);
    await page.setViewportSize({ width: 390, height: 900 });
    await expect.poll(columns).toBe(1);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(columns).toBe(2);
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect.poll(columns).toBe(4);
  });

  for (const [way, open] of Object.entries(reviewsFromTheApi)) {
    test(`${way}: says 'Laden...' while the reviews are on their way`, async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/reviews", async (route) => {
        await held;
        await route.continue();
      });
      await open(page);
      await expect(page.getByText("Laden...")).toBeVisible();
      release();
      await expect(page.getByText("Laden...")).toHaveCount(0);
    });

    test(`${way}: falls back to three sample testimonials when there are none`, async ({ page }) => {
      await page.route("**/api/reviews", (route) => route.fulfill({ json: { reviews: [], total: 0 } }));
      await open(page);
      const list = page.getByRole("list", { name: /ervaringen|reviews|wat anderen/i });
      await expect(list.getByRole("listitem")).toHaveCount(3);
    });

    test(`${way}: falls back to the samples and only logs when the fetch fails`, async ({ page }) => {
      const logged: string[] = [];
      page.on("console", (m) => m.type() === "error" && logged.push(m.text()));
      await page.route("**/api/reviews", (route) => route.abort("failed"));
      await open(page);
      const list = page.getByRole("list", { name: /ervaringen|reviews|wat anderen/i });
      await expect(list.getByRole("listitem")).toHaveCount(3);
      await expect(page.getByText("Er is iets misgegaan")).toHaveCount(0);
      expect(logged.length).toBeGreaterThan(0);
    });
  }
});
