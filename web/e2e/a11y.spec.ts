import { test } from "@playwright/test";
import { expectNoAxeViolations, publicRoutes } from "./helpers";

test.describe("axe-core finds no accessibility violations", () => {
  for (const path of [...publicRoutes, "/dit-bestaat-niet"]) {
    test(path, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await expectNoAxeViolations(page);
    });
  }

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });
    for (const path of publicRoutes) {
      test(path, async ({ page }) => {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expectNoAxeViolations(page);
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
