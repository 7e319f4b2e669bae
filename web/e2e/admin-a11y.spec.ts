import { expect, test, type Page } from "@playwright/test";
import { bearer, buyAndPay, createCoupon, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, uniqueName, waitForAdminPage } from "./admin-helpers";
import { adminRoutes, expectNoAxeViolations, uniqueEmail } from "./helpers";

/** The page does not scroll sideways, no box in it scrolls sideways, and every row button is fully in view. */
async function expectNothingCutOff(page: Page) {
  const problems = await page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth) found.push(`the page is ${root.scrollWidth - window.innerWidth}px too wide`);
    for (const el of document.querySelectorAll<HTMLElement>("main *")) {
      const overflowX = getComputedStyle(el).overflowX;
      if ((overflowX === "auto" || overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1) {
        found.push(`<${el.tagName.toLowerCase()} class="${el.className}"> scrolls ${el.scrollWidth - el.clientWidth}px sideways`);
      }
    }
    for (const button of document.querySelectorAll<HTMLElement>("main table button, main ol button")) {
      const box = button.getBoundingClientRect();
      if (box.left < 0 || box.right > window.innerWidth) found.push(`"${button.textContent}" sticks out (${box.left}-${box.right})`);
    }
    return found;
  });
  expect(problems).toEqual([]);
}

/** Opens an event's tickets (or bookings) below the list of dates. */
async function openAttendees(page: Page, title: string, noun: "Tickets" | "Boekingen") {
  await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: new RegExp(`^${noun}`) }).click();
  await expect(page.getByRole("region", { name: `${noun}: ${title}` }).locator("tbody tr")).not.toHaveCount(0);
}

/** A list is a table on a wide screen and labelled cards on a narrow one (each row a box of its own). */
async function expectListLayout(page: Page, width: number) {
  await expect(page.locator("main tbody tr, main ol > li").first()).toBeVisible();
  const tableRows = page.locator("main tbody tr");
  if ((await tableRows.count()) === 0) return; // a list of cards at every width
  await expect(tableRows.first()).toHaveCSS("display", width >= 1280 ? "table-row" : "block");
}

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

  test.describe("every admin page on a phone, a tablet and a desktop, with its lists filled", () => {
    // Something in every list (per worker: names are unique, so parallel tests never clash).
    const data = { event: "", zelfbeeld: "" };
    test.beforeAll(async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await browser.newPage();
      const session = await signInViaApi(page);
      const request = page.request;
      const coupon = await createCoupon(request, session, { code: `LIJST${Date.now().toString(36).toUpperCase()}` });
      data.event = uniqueName("Vertelavond lijst");
      const event = await createEvent(request, session, { title: data.event, capacity: 6, days: 2 });
      await buyAndPay(request, { eventId: event.id, quantity: 2, buyer: uniqueBuyer("Lijsta"), coupon: coupon.code });
      data.zelfbeeld = uniqueName("Zelfbeeld lijst");
      const zelfbeeld = await createEvent(request, session, { kind: "zelfbeeld", title: data.zelfbeeld, priceCents: 150000, days: 3 });
      await buyAndPay(request, { product: "zelfbeeld-ommekeer", eventId: zelfbeeld.id, buyer: uniqueBuyer("Lijstb") });
      const video = await request.post("/api/admin/drempel-videos", {
        headers: bearer(session),
        data: { title: uniqueName("Video lijst"), description: "Over de lijst.", video_url: "https://youtu.be/aqz-KE-bpKQ", published: false },
      });
      expect(video.status(), await video.text()).toBe(201);
      const subscribed = await request.post("/api/newsletter", {
        data: { firstName: "Lijst", email: uniqueEmail("een-heel-lang-adres-voor-de-lijst") },
      });
      expect(subscribed.ok(), await subscribed.text()).toBe(true);
      const message = await request.post("/api/contact", {
        data: {
          name: uniqueName("Lijst"),
          email: uniqueEmail("bericht-met-een-lang-adres"),
          phone: null,
          subject: "coaching",
          message: "Een bericht om de lijst te vullen.",
          privacy_consent: true,
          website: "",
        },
      });
      expect(message.ok(), await message.text()).toBe(true);
      const slots = (await (await request.get("/api/intro-calls/slots")).json()) as { days: { slots: { starts_at: string }[] }[] };
      // The last free moments, which the intro-call spec does not take; another worker may be first.
      for (const startsAt of slots.days.flatMap((d) => d.slots.map((slot) => slot.starts_at)).slice(-6).reverse()) {
        const booked = await request.post("/api/intro-calls", {
          data: { starts_at: startsAt, mode: "video", name: uniqueName("Lijst"), email: uniqueEmail("afspraak"), phone: null, question: null },
        });
        if (booked.ok()) break;
      }
      await page.close();
    });

    /** The pages with a list (the events pages open one event's tickets or bookings too); the others have none. */
    const lists: Record<string, { open?: (page: Page) => Promise<void> }> = {
      "/admin/reviews": {},
      "/admin/tickets": { open: (page) => openAttendees(page, data.event, "Tickets") },
      "/admin/zelfbeeld-events": { open: (page) => openAttendees(page, data.zelfbeeld, "Boekingen") },
      "/admin/coupons": {},
      "/admin/orders": {},
      "/admin/drempel-videos": {},
      "/admin/nieuwsbrief": {},
      "/admin/personen": {},
      "/admin/afspraken": {},
      "/admin/berichten": {},
    };
    const pages = [...adminRoutes.filter((p) => p !== "/admin/login"), "/admin/orders"];

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 820, height: 1180 },
      { width: 1280, height: 900 },
    ]) {
      for (const path of pages) {
        test(`${path} at ${viewport.width}px`, async ({ page }) => {
          await page.setViewportSize(viewport);
          await signInViaApi(page);
          await page.goto(path);
          await waitForAdminPage(page);
          const list = lists[path];
          await list?.open?.(page);
          if (list) await expectListLayout(page, viewport.width);
          await expectNothingCutOff(page);
          await expectNoAxeViolations(page);
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
