import { expect, test } from "@playwright/test";
import { buyAndPay, createCoupon, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, uniqueName, waitForAdminPage } from "./admin-helpers";
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

  for (const path of [...adminRoutes.filter((p) => p !== "/admin/login"), "/admin/orders"]) {
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
      for (const path of [
        "/admin/dashboard",
        "/admin/reviews",
        "/admin/zelfbeeld-events",
        "/admin/coupons",
        "/admin/tickets",
        "/admin/orders",
      ]) {
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

  test.describe("the commerce pages, filled and with their dialogs open", () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      test(`coupons, tickets and orders at ${viewport.width}px`, async ({ page }) => {
        test.slow(); // three pages, seven axe scans
        await page.setViewportSize(viewport);
        const session = await signInViaApi(page);
        const coupon = await createCoupon(page.request, session, { code: `AXE${Date.now().toString(36).toUpperCase()}${viewport.width}` });
        const title = uniqueName("Vertelavond axe");
        const event = await createEvent(page.request, session, { title, capacity: 4, days: 75 });
        const buyer = uniqueBuyer("Axel");
        await buyAndPay(page.request, { eventId: event.id, quantity: 2, buyer, coupon: coupon.code });

        // Coupons: the list, the form with errors, the delete confirmation.
        await page.goto("/admin/coupons");
        await waitForAdminPage(page);
        await expectNoAxeViolations(page);
        await page.getByRole("button", { name: "Nieuwe coupon" }).click();
        const form = page.getByRole("dialog", { name: "Nieuwe coupon" });
        await form.getByRole("button", { name: "Coupon toevoegen" }).click();
        await expect(form.getByLabel("Code")).toHaveAttribute("aria-invalid", "true");
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await page.getByLabel("Zoeken op code").fill(coupon.code);
        await page.getByRole("row").filter({ hasText: coupon.code }).getByRole("button", { name: /^Verwijderen/ }).click();
        await expect(page.getByRole("alertdialog")).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("alertdialog").getByRole("button", { name: "Annuleren" }).click();

        // Tickets: an event's list, a check-in result, the event form, a ticket's cancel confirmation.
        await page.goto("/admin/tickets");
        await waitForAdminPage(page);
        await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /^Tickets/ }).click();
        const list = page.getByRole("region", { name: `Tickets: ${title}` });
        await expect(list.getByRole("row").filter({ hasText: buyer.email })).toHaveCount(2);
        await page.getByLabel("Ticketcode").fill("ONBEKEND");
        await page.getByLabel("Ticketcode").press("Enter");
        await expect(page.getByText("Niet ingecheckt")).toBeVisible();
        await expectNoAxeViolations(page);
        if (viewport.width < 600) {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        }
        await list.getByRole("row").filter({ hasText: buyer.email }).first().getByRole("button", { name: /^Annuleren/ }).click();
        await expect(page.getByRole("alertdialog", { name: "Ticket annuleren?" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("alertdialog").getByRole("button", { name: "Terug", exact: true }).click();
        await page.getByRole("button", { name: "Nieuwe vertelavond" }).click();
        await expect(page.getByRole("dialog", { name: "Nieuwe vertelavond" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");
        await page.getByLabel("Soort").selectOption({ label: "Webinars" });
        await page.getByRole("button", { name: "Nieuw webinar" }).click();
        await expect(page.getByRole("dialog", { name: "Nieuw webinar" }).getByLabel("Link voor deelnemers")).toBeVisible();
        await expectNoAxeViolations(page);
        await page.keyboard.press("Escape");

        // Orders: the list and an order's detail with its refund confirmation.
        await page.goto("/admin/orders");
        await waitForAdminPage(page);
        await page.getByLabel("Zoeken op naam, e-mailadres of bestelnummer").fill(buyer.last_name);
        await page.getByRole("row").filter({ hasText: buyer.email }).getByRole("button", { name: /^Details/ }).click();
        const detail = page.getByRole("dialog", { name: /^Bestelling van/ });
        await expect(detail.getByRole("heading", { name: "Geschiedenis" })).toBeVisible();
        await expectNoAxeViolations(page);
        await detail.getByRole("button", { name: "Terugbetalen" }).click();
        await expect(page.getByRole("alertdialog", { name: "Bestelling terugbetalen?" })).toBeVisible();
        await expectNoAxeViolations(page);
        await page.getByRole("alertdialog").getByRole("button", { name: "Terug", exact: true }).click();
      });
    }
  });
});
