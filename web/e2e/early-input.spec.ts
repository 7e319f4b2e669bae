import { expect, test, type Page } from "@playwright/test";
import { toast } from "./admin-helpers";
import { checkoutForm } from "./checkout-helpers";
import { uniqueEmail } from "./helpers";

// A click before the page has hydrated is never lost (issue 26): on a phone whose CPU runs four
// times slower, the mobile menu, a course's buy button and the newsletter button are clicked
// within 100 ms of domcontentloaded, and what they do happens once the page has hydrated
// (app/lib/early-input.ts keeps the clicks and what was typed, and replays them; these pages boot
// as islands, where a link is a plain link and a button waits for its island). The page's
// scripts are held back a second as well, so that the click lands before hydration on any machine.
//
// The click is made by the page itself at domcontentloaded (what was typed first, as input events):
// Playwright's own click needs 300-500 ms to reach a page whose CPU is four times slower, too late
// for the moment this is about. The test checks when it came and that React had not hydrated yet.

test.use({ viewport: { width: 390, height: 844 } });

interface EarlyHand {
  /** The control to click (a CSS selector of the prerendered page). */
  click: string;
  /** Fields to type into first: selector → value. */
  type?: Record<string, string>;
}

async function clickAtDomContentLoaded(page: Page, path: string, hand: EarlyHand) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.addInitScript((hand: EarlyHand) => {
    addEventListener("DOMContentLoaded", () => {
      for (const [selector, value] of Object.entries(hand.type ?? {})) {
        const field = document.querySelector<HTMLInputElement>(selector)!;
        field.value = value;
        field.dispatchEvent(new Event("input", { bubbles: true }));
      }
      const [nav] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const footer = document.querySelector("footer");
      (window as { __earlyClick?: unknown }).__earlyClick = {
        afterDomContentLoaded: performance.now() - (nav?.domContentLoadedEventStart ?? 0),
        // React has claimed the page, or on a page of islands they all listen.
        hydrated:
          document.documentElement.hasAttribute("data-islands-ready") ||
          (footer !== null && Object.keys(footer).some((key) => key.startsWith("__reactFiber"))),
      };
      document.querySelector<HTMLElement>(hand.click)!.click();
    });
  }, hand);
  await page.goto(path);
  const click = await page.evaluate(
    () => (window as { __earlyClick?: { afterDomContentLoaded: number; hydrated: boolean } }).__earlyClick,
  );
  expect(click, "the click was made").toBeDefined();
  expect(click!.hydrated, "clicked before the page had hydrated").toBe(false);
  expect(click!.afterDomContentLoaded, "ms from domcontentloaded to the click").toBeLessThan(100);
}

test("the mobile menu clicked before hydration opens once the page has hydrated", async ({ page }) => {
  await clickAtDomContentLoaded(page, "/", { click: 'button[aria-controls="mobiel-menu"]' });
  await expect(page.getByRole("navigation", { name: "Mobiel menu" })).toBeVisible({ timeout: 15_000 });
});

test("a course's buy button clicked before hydration goes to its checkout", async ({ page }) => {
  await clickAtDomContentLoaded(page, "/begrijp-jezelf/spiegelgevecht", {
    click: 'a[href="/checkout?product=spiegelgevecht"]',
  });
  await expect(page).toHaveURL("/checkout?product=spiegelgevecht", { timeout: 15_000 });
  await expect(checkoutForm(page).submit).toBeVisible({ timeout: 15_000 });
});

test("the newsletter form filled and sent before hydration signs up once the page has hydrated", async ({ page }) => {
  const form = 'form[aria-label="Inschrijven op de nieuwsbrief"]';
  await clickAtDomContentLoaded(page, "/", {
    type: { [`${form} input[name="firstName"]`]: "Vroeg", [`${form} input[name="email"]`]: uniqueEmail("vroeg") },
    click: `${form} button[type="submit"]`,
  });
  await expect(toast(page, "Ingeschreven!")).toBeVisible({ timeout: 15_000 });
  // Sent with what was typed, and cleared after, as any signup.
  await expect(page.getByRole("form", { name: "Inschrijven op de nieuwsbrief" }).getByLabel("Voornaam")).toHaveValue("");
});
