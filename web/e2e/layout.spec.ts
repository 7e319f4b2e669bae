import { expect, test } from "@playwright/test";
import { site, waitForHydration } from "./helpers";

const mainNav = (page: import("@playwright/test").Page) => page.getByRole("navigation", { name: "Hoofdmenu" });

test.describe("header", () => {
  test("the desktop menu has the spec's groups and sub-pages", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    for (const [name, href] of <[string, string][]>[
      ["Wees eerlijk", "/wees-eerlijk"],
      ["Begrijp jezelf", "/begrijp-jezelf"],
      ["Transformeer", "/transformeer"],
      ["Voor jezelf", "/voor-jezelf"],
      ["Over mij", "/over-mij"],
      ["Contact", "/contact"],
    ]) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    await nav.getByRole("button", { name: "Submenu Begrijp jezelf" }).click();
    await expect(nav.getByRole("link", { name: "Het Spiegelgevecht" })).toHaveAttribute("href", "/begrijp-jezelf/spiegelgevecht");
    await expect(nav.getByRole("link", { name: "Vertelavond" })).toHaveAttribute("href", "/begrijp-jezelf/vertelavond");
    await nav.getByRole("button", { name: "Submenu Transformeer" }).click();
    await expect(nav.getByRole("link", { name: "De Zelfbeeld-Ommekeer" })).toHaveAttribute("href", "/transformeer/zelfbeeld-ommekeer");
    await expect(nav.getByRole("link", { name: "Webinar-reeks" })).toHaveAttribute("href", "/transformeer/webinar-reeks");
  });

  test("a submenu works with the keyboard alone", async ({ page }) => {
    await page.goto("/");
    const nav = mainNav(page);
    const toggle = nav.getByRole("button", { name: "Submenu Begrijp jezelf" });
    await toggle.focus();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const sub = nav.getByRole("link", { name: "Het Spiegelgevecht" });
    await expect(sub).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await expect(sub).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL("/begrijp-jezelf/spiegelgevecht");
  });

  test("the active item is highlighted with aria-current, its group too", async ({ page }) => {
    await page.goto("/over-mij");
    await expect(mainNav(page).getByRole("link", { name: "Over mij", exact: true })).toHaveAttribute("aria-current", "page");
    await expect(mainNav(page).getByRole("link", { name: "Contact", exact: true })).not.toHaveAttribute("aria-current", "page");
    await page.goto("/begrijp-jezelf/spiegelgevecht");
    const group = mainNav(page).getByRole("link", { name: "Begrijp jezelf", exact: true });
    await expect(group).toHaveAttribute("aria-current", /page|true/);
  });

  test("'Log in Platform' opens the platform in a new tab; 'Doe de test' her own self-test in the same tab", async ({ page }) => {
    // The demo chose her own test in Instellingen; with it off, "Doe de test" is the external quiz
    // (server/tests/api/selftest.rs checks both, and the page's markup for a link on the site).
    await page.goto("/");
    const banner = page.getByRole("banner");
    const platform = banner.getByRole("link", { name: /^Log in Platform/ }).first();
    await expect(platform).toHaveAttribute("href", site.platformUrl);
    await expect(platform).toHaveAttribute("target", "_blank");
    await expect(platform).toHaveAttribute("rel", /noopener/);
    await expect(platform).toHaveAttribute("rel", /noreferrer/);
    const selfTest = banner.getByRole("link", { name: /^Doe de test/ }).first();
    await expect(selfTest).toHaveAttribute("href", "/wees-eerlijk/zelftest");
    await expect(selfTest).not.toHaveAttribute("target", /.+/);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens on the toggle and closes when a link is chosen", async ({ page }) => {
    await page.goto("/");
    await expect(mainNav(page)).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu openen" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobiel menu" });
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu sluiten" })).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: "Vertelavond" }).click();
    await expect(page).toHaveURL("/begrijp-jezelf/vertelavond");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Menu openen" })).toHaveAttribute("aria-expanded", "false");
  });

  test("closes on a second press of the toggle", async ({ page }) => {
    await page.goto("/contact");
    await page.getByRole("button", { name: "Menu openen" }).click();
    await expect(page.getByRole("navigation", { name: "Mobiel menu" })).toBeVisible();
    await page.getByRole("button", { name: "Menu sluiten" }).click();
    await expect(page.getByRole("navigation", { name: "Mobiel menu" })).toBeHidden();
  });
});

test.describe("footer", () => {
  test("links to the intro call, has the three columns and the social profiles in a new tab", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /gratis kennismakingsgesprek/i }).first()).toHaveAttribute(
      "href",
      "/gratis-kennismakingsgesprek",
    );
    for (const heading of ["Stappen", "Over", "Contact"]) {
      await expect(footer.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    }
    for (const [name, href] of <[string, string][]>[
      ["Facebook", site.social.facebook],
      ["Instagram", site.social.instagram],
      ["LinkedIn", site.social.linkedin],
    ]) {
      const link = footer.getByRole("link", { name: new RegExp(name) });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
    await expect(footer.getByRole("link", { name: site.contact.email })).toHaveAttribute("href", `mailto:${site.contact.email}`);
  });
});

test("every path change scrolls the view back to the top", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole("contentinfo").getByRole("link", { name: "Privacy" }).first().click();
  await expect(page).toHaveURL("/privacy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await page.goBack();
  await expect(page).toHaveURL("/");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("a visitor who scrolls before the page has hydrated stays where they are", async ({ page }) => {
  // Hold the page's JavaScript back until the visitor has scrolled, as on a slow phone.
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto("/", { waitUntil: "domcontentloaded" });
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  releaseScripts();
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  // Still down at the footer (the reviews that load above it may have moved it a little).
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(page.getByRole("contentinfo")).toBeInViewport();
});

test("a spinner shows while the next page is on its way", async ({ page }) => {
  // Reported from the page as it shows (a page whose next document is on its way answers no query).
  const spinnerShownOn: string[] = [];
  await page.exposeFunction("reportSpinner", (path: string) => spinnerShownOn.push(path));
  await page.addInitScript(() => {
    new MutationObserver(() => {
      const shown = [...document.querySelectorAll('[role="status"]')].some((el) => el.textContent?.includes("Pagina wordt geladen"));
      if (shown) (window as unknown as { reportSpinner(path: string): void }).reportSpinner(location.pathname);
    }).observe(document, { subtree: true, childList: true });
  });
  for (const from of ["/", "/bestaat-niet"]) {
    // The home page boots as islands (a link loads the next page), the 404 page in the app (a
    // link loads the next page's route module).
    await page.goto(from);
    // The page's own scripts load after its first paint: let them finish before holding the rest back.
    await waitForHydration(page);
    // Hold back the next page and every script not loaded yet, so the navigation stays pending.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const hold = (url: URL) => url.pathname === "/over-mij" || /\/assets\/.*\.js$/.test(url.pathname);
    await page.route(hold, async (route) => {
      await held;
      await route.continue();
    });
    // Without waiting for the navigation the click starts, which is held.
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Over mij", exact: true }).click({ noWaitAfter: true });
    await expect.poll(() => spinnerShownOn).toContain(from);
    release();
    await expect(page).toHaveURL("/over-mij");
    await expect(page.getByRole("status").filter({ hasText: "Pagina wordt geladen" })).toHaveCount(0);
    await page.unroute(hold);
  }
});
