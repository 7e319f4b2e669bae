import { expect, test, type Page } from "@playwright/test";
import { signInViaApi } from "./admin-helpers";
import { collectConsoleErrors, expectNoAxeViolations, waitForHydration } from "./helpers";
import { MARKUP, restoreBlocks, saveInBlocks } from "./markup-kinds";

// The footer is on every public page: each kind of markup she can save goes into its call to
// action's button (a label in a link), a column's heading and the call to action's paragraph (on
// the dark band), and pages of every kind load without a console error, without a link inside a
// link, and without an axe violation (a link on the dark band must stay readable). This changes
// what every page shows, so it runs after all other specs (its own project in
// playwright.config.ts), and puts the footer back. Alone: npx playwright test --no-deps e2e/footer-markup.last.spec.ts

const BLOCKS = {
  button: "layout.footer.cta.button",
  heading: "layout.footer.steps.title",
  paragraph: "layout.footer.cta.text",
} as const;

/** A page of each kind: prerendered, with a form, the checkout, an island, the 404, made by the server. */
const PAGES = ["/", "/contact", "/checkout?product=spiegelgevecht", "/wees-eerlijk/zelftest", "/bestaat-niet", "/nieuwsbrief/archief"];

async function expectFooterHolds(page: Page, kind: string) {
  const footer = page.locator("footer");
  await expect(footer.locator(`[data-block="${BLOCKS.button}"]`), kind).not.toBeEmpty();
  expect(await page.locator("a a, a button, button a, button button").count(), kind).toBe(0);
  expect(await footer.locator(`[data-block="${BLOCKS.button}"]`).locator("a, p, ul, li, h2, h3").count(), kind).toBe(0);
  for (const key of [BLOCKS.heading, BLOCKS.paragraph]) {
    expect(await footer.locator(`[data-block="${key}"]`).locator("p, ul, li, h2, h3").count(), `${kind} ${key}`).toBe(0);
  }
}

test("each kind of markup in the footer's button, heading and paragraph: every kind of page holds", async ({ page }) => {
  test.setTimeout(240_000); // seven saves, six pages each, axe on two
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signInViaApi(page);
  const errors = collectConsoleErrors(page);
  try {
    for (const [kind, markdown] of MARKUP) {
      await saveInBlocks(page, session, Object.values(BLOCKS), markdown, kind);
      for (const path of PAGES) {
        await page.goto(path);
        // The archive is made by the server without scripts: nothing to hydrate.
        if (path.startsWith("/nieuwsbrief/")) await expect(page.locator("script")).toHaveCount(0);
        else await waitForHydration(page);
        await expectFooterHolds(page, `${kind} on ${path}`);
        if (path === "/" || path === "/nieuwsbrief/archief") await expectNoAxeViolations(page);
      }
      // The 404 page logs the path it was asked for (the spec's words) and its status; nothing else.
      const unexpected = errors.filter((e) => !e.startsWith("404 Error:") && !e.includes("status of 404"));
      expect(unexpected, kind).toEqual([]);
    }
  } finally {
    await restoreBlocks(page, session, Object.values(BLOCKS));
  }
});
