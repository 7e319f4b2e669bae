import { expect, test, type Page } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes } from "./helpers";

/** How wide the page is against the window, and the elements sticking out the furthest on the right. */
async function pageWidth(page: Page) {
  return page.evaluate(() => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 3).join(".")}` : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
      return `<${el.tagName.toLowerCase()}${id}${cls}> ${Math.round(el.getBoundingClientRect().right)}px "${text}"`;
    };
    const wide = [...document.querySelectorAll("body *")]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter(({ right }) => right > window.innerWidth + 1)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ el }) => describe(el));
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, wide };
  });
}

/** The page does not scroll sideways at `width` (resized in place: the page is not loaded again). */
async function expectNoSidewaysScroll(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 844 });
  const { scrollWidth, innerWidth, wide } = await pageWidth(page);
  expect(scrollWidth, `${path} at ${width}px is ${scrollWidth - innerWidth}px too wide: ${wide.join(" | ")}`).toBeLessThanOrEqual(
    innerWidth,
  );
}

test.describe("axe-core finds no accessibility violations", () => {
  for (const path of [...publicRoutes, "/dit-bestaat-niet"]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    });
  }

  // On a phone (390 px) axe, then no sideways scrolling at 390 and at 320 px (the smallest phones).
  test.describe("on a phone, and no page scrolls sideways at 390 or 320 px", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const path of publicRoutes) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
        for (const width of [390, 320]) await expectNoSidewaysScroll(page, path, width);
      });
    }
  });

  test("the mobile menu, opened", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await page.getByRole("button", { name: "Menu openen" }).click();
    await expectNoAxeViolations(page);
  });

  test("the desktop submenu, opened", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("button", { name: "Submenu Transformeer" }).click();
    await expectNoAxeViolations(page);
  });
});
