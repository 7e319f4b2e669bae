import { expect, test } from "@playwright/test";
import { buyAndPay, createCoupon, createEvent, uniqueBuyer } from "./admin-commerce-helpers";
import { signInViaApi, toast, uniqueName, waitForAdminPage } from "./admin-helpers";
import { expectNoAxeViolations } from "./helpers";

test("an order appears in the list; its detail shows the history; it can be refunded", async ({ page }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond bestelling");
  const event = await createEvent(page.request, session, { title, capacity: 6, priceCents: 3500, days: 60 });
  const coupon = await createCoupon(page.request, session, {
    code: `BESTEL${Date.now().toString(36).toUpperCase()}`,
    discount_kind: "percent",
    discount_value: 10,
  });
  const buyer = uniqueBuyer("Lien");
  const order = await buyAndPay(page.request, { eventId: event.id, quantity: 2, buyer, coupon: coupon.code });

  await page.goto("/admin/orders");
  await waitForAdminPage(page);
  await page.getByLabel("Zoeken op naam, e-mailadres of bestelnummer").fill(buyer.last_name);
  const row = page.getByRole("row").filter({ hasText: buyer.email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Betaald");
  await expect(row).toContainText("€ 63,00"); // 2 × 35,00 − 10%
  await expect(row).toContainText(coupon.code);
  await expect(row).toContainText(title);

  await row.getByRole("button", { name: /^Details/ }).click();
  const dialog = page.getByRole("dialog", { name: `Bestelling van ${buyer.first_name} ${buyer.last_name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(order.orderId);
  await expect(dialog).toContainText("Simulatie");
  await expect(dialog).toContainText("€ 70,00");
  await expect(dialog).toContainText("– € 7,00");
  await expect(dialog).toContainText("€ 63,00");
  await expect(dialog).toContainText("geen herroepingsrecht");
  await expect(dialog.getByRole("heading", { name: "Tickets (2)" })).toBeVisible();
  const history = dialog.getByRole("list", { name: /Geschiedenis/ });
  await expect(history.getByRole("listitem").filter({ hasText: "Betaald" }).first()).toBeVisible();
  expect(await history.getByRole("listitem").count()).toBeGreaterThanOrEqual(2); // created, paid

  // Refund: simulated, so it is only marked.
  await dialog.getByRole("button", { name: "Terugbetalen" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Bestelling terugbetalen?" });
  await expect(confirm).toContainText("als terugbetaald gemarkeerd");
  await confirm.getByRole("button", { name: "Terugbetalen" }).click();
  await expect(toast(page, "Bestelling terugbetaald")).toBeVisible();
  await expect(dialog).toContainText("Terugbetaald");
  await expect(history.getByRole("listitem").filter({ hasText: "Terugbetaald" }).first()).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Terugbetalen" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Terugbetaald");

  // The status filter.
  await page.getByLabel("Status").selectOption({ label: "Terugbetaald" });
  await expect(row).toHaveCount(1);
  await page.getByLabel("Status").selectOption({ label: "Betaald" });
  await expect(page.getByText("Geen bestellingen gevonden met deze zoekopdracht.")).toBeVisible();
});

test("the dashboard shows revenue per month, tickets per event and orders needing attention", async ({ page }) => {
  const session = await signInViaApi(page);
  const title = uniqueName("Vertelavond omzet");
  const event = await createEvent(page.request, session, { title, capacity: 8, priceCents: 3500, days: 65 });
  await buyAndPay(page.request, { eventId: event.id, quantity: 2, buyer: uniqueBuyer("Omar") });
  const failed = uniqueBuyer("Fien");
  await buyAndPay(page.request, { eventId: event.id, quantity: 1, buyer: failed, outcome: "failed" });

  await page.goto("/admin/dashboard");
  await waitForAdminPage(page);
  const revenue = page.getByRole("figure", { name: /Omzet per maand/ });
  await expect(revenue).toBeVisible();
  await expect(revenue).not.toContainText("€ 0,00 uit");
  const months = page.getByRole("table", { name: "Omzet per maand, incl. btw" });
  await expect(months.getByRole("row")).toHaveCount(13);

  const sales = page.getByRole("table", { name: /Verkochte tickets per komend evenement/ });
  const eventRow = sales.getByRole("row").filter({ hasText: title });
  await expect(eventRow).toContainText("2 / 8");

  // A failed payment of the last 30 days is on the today list, with a link to the order.
  const today = page.getByRole("list", { name: "Wat op je wacht" });
  const item = today.getByRole("listitem").filter({ hasText: failed.last_name });
  await expect(item).toContainText(`Betaling mislukt: bestelling van ${failed.first_name} ${failed.last_name}`);
  await item.getByRole("link", { name: /^Bestelling bekijken/ }).click();
  await expect(page).toHaveURL(/\/admin\/orders\?bestelling=\d+/);
  const dialog = page.getByRole("dialog", { name: /^Bestelling/ });
  await expect(dialog).toContainText(failed.email);
  await expect(dialog).toContainText("Mislukt");
  await expect(dialog.getByRole("button", { name: "Terugbetalen" })).toHaveCount(0);
});

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test(`on ${viewport.name}, the coach refunds one ticket of three, then another, each with its credit note`, async ({ page }) => {
    test.slow(); // four axe scans and two refunds: over 30 s on a loaded 2-core machine
    await page.setViewportSize(viewport.size);
    const session = await signInViaApi(page);
    const title = uniqueName("Vertelavond per ticket");
    const event = await createEvent(page.request, session, { title, capacity: 3, priceCents: 3500, days: 61 });
    const buyer = uniqueBuyer("Ward");
    await buyAndPay(page.request, { eventId: event.id, quantity: 3, buyer });

    await page.goto("/admin/orders");
    await waitForAdminPage(page);
    await page.getByLabel("Zoeken op naam, e-mailadres of bestelnummer").fill(buyer.last_name);
    const row = page.getByRole("row").filter({ hasText: buyer.email }).or(page.getByRole("listitem").filter({ hasText: buyer.email }));
    await row.getByRole("button", { name: /^Details/ }).first().click();
    const dialog = page.getByRole("dialog", { name: `Bestelling van ${buyer.first_name} ${buyer.last_name}` });
    await expect(dialog.getByRole("heading", { name: "Tickets (3)" })).toBeVisible();
    const boxes = dialog.getByRole("checkbox");
    await expect(boxes).toHaveCount(3);
    const refundChosen = dialog.getByRole("button", { name: /terugbetalen \(/ });
    await expect(dialog.getByRole("button", { name: "Kies tickets om terug te betalen" })).toBeDisabled();
    await expectNoAxeViolations(page);

    await boxes.nth(1).check();
    await expect(refundChosen).toHaveText("1 ticket terugbetalen (€ 35,00)");
    await refundChosen.click();
    const confirm = page.getByRole("alertdialog", { name: "Dit ticket terugbetalen?" });
    await expect(confirm).toContainText("€ 35,00 wordt als terugbetaald gemarkeerd");
    await expect(confirm).toContainText("creditnota voor precies dit ticket");
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Terugbetalen" }).click();
    await expect(toast(page, "Ticket terugbetaald")).toBeVisible();
    await expect(dialog.getByRole("checkbox")).toHaveCount(2);
    await expect(dialog.getByText("Terugbetaald", { exact: true }).first()).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Factuur en creditnota's" })).toBeVisible();
    await expect(dialog).toContainText(/€ -35,00|-€ 35,00/);
    await expectNoAxeViolations(page);

    // The rest: the other two tickets with one click.
    await dialog.getByRole("button", { name: "Rest terugbetalen" }).click();
    const rest = page.getByRole("alertdialog", { name: "Bestelling terugbetalen?" });
    await expect(rest).toContainText("€ 70,00");
    await expect(rest).toContainText("De overige tickets worden geannuleerd");
    await rest.getByRole("button", { name: "Terugbetalen" }).click();
    await expect(toast(page, "Rest terugbetaald")).toBeVisible();
    await expect(dialog.getByRole("checkbox")).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: /terugbetalen/i })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}
