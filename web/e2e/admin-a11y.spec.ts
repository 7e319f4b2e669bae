import { expect, test } from "@playwright/test";
import { signInViaApi, waitForAdminPage } from "./admin-helpers";
import { adminRoutes, expectNoAxeViolations } from "./helpers";

test.describe("axe-core finds no accessibility violations in the admin area", () => {
  test("/admin/login, signed out", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("heading", { level: 1, name: "Inloggen" })).toBeVisible();
    await expectNoAxeViolations(page);
    // With an error message on screen too.
    await page.getByRole("button", { name: "Inloggen" }).click();
    await expect(page.getByLabel("E-mailadres")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
  });

  for (const path of adminRoutes.filter((p) => p !== "/admin/login")) {
    test(`${path}, signed in`, async ({ page }) => {
      await signInViaApi(page);
      await page.goto(path);
      await waitForAdminPage(page);
      await expectNoAxeViolations(page);
    });
  }

  test.describe("on a tablet and a phone", () => {
    for (const viewport of [
      { width: 820, height: 1180 },
      { width: 390, height: 844 },
    ]) {
      for (const path of ["/admin/dashboard", "/admin/reviews", "/admin/zelfbeeld-events"]) {
        test(`${path} at ${viewport.width}px`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await signInViaApi(page);
          await page.goto(path);
          await waitForAdminPage(page);
          await expectNoAxeViolations(page);
          // Nothing sticks out sideways except inside a scrollable table box.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        });
      }
    }
  });

  test("the review form and the delete confirmation, opened", async ({ page }) => {
    await signInViaApi(page);
    await page.goto("/admin/reviews");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: "Nieuwe review" }).click();
    await page.getByRole("dialog", { name: "Nieuwe review" }).getByRole("button", { name: "Review toevoegen" }).click();
    await expect(page.getByRole("dialog").getByLabel("Naam")).toHaveAttribute("aria-invalid", "true");
    await expectNoAxeViolations(page);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: /Verwijderen/ }).first().click();
    await expect(page.getByRole("alertdialog")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("alertdialog").getByRole("button", { name: "Annuleren" }).click();
  });

  test("the video and event forms, opened", async ({ page }) => {
    await signInViaApi(page);
    await page.goto("/admin/drempel-videos");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: "Nieuwe video" }).click();
    await page.getByRole("dialog").getByLabel("Link naar de video").fill("https://youtu.be/aqz-KE-bpKQ");
    await expect(page.getByRole("dialog").getByText("YouTube-video herkend.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto("/admin/zelfbeeld-events");
    await waitForAdminPage(page);
    await page.getByRole("button", { name: "Nieuwe datum" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
