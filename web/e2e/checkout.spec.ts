// The public commerce flow against the real server with the simulated payment provider.
import { expect, test } from "@playwright/test";
import {
  adminToken,
  bookableEvent,
  checkoutForm,
  createCoupon,
  fillCheckout,
  getProduct,
  mailTo,
  orderIdFromUrl,
  payOnSimulatedPage,
  sessionRef,
  uniqueCode,
} from "./checkout-helpers";
import { collectConsoleErrors, uniqueEmail } from "./helpers";
import type { AdminOrderDetail, AdminOrderPage, CheckoutRequest, CheckoutStarted, OrderSummary } from "@/lib/api-types";

const MINUS = "\u2212";

test("buying two storytelling-evening tickets with a coupon: paid, mailed with both codes and the .ics", async ({
  page,
  request,
}) => {
  const errors = collectConsoleErrors(page);
  const code = uniqueCode("WELKOM");
  await createCoupon(request, { code, discount_kind: "percent", discount_value: 10, product_slug: "vertelavond" });
  const event = await bookableEvent(request, "vertelavond", 2);
  const email = uniqueEmail("tickets");

  // From the evening's page, with its live seats, to the checkout for that date.
  await page.goto("/vertelavond");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: event.title }) }).first();
  await expect(card.getByText(/^Nog \d+ plaats(en)?$/)).toBeVisible();
  await card.getByRole("link", { name: /Koop tickets/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?product=vertelavond&event=${event.id}$`));

  const f = checkoutForm(page);
  await expect(f.summary).toContainText(event.title);
  await fillCheckout(page, { firstName: "Anna", lastName: "Peeters", email });
  await f.quantity.fill("2");
  await expect(page.getByTestId("prijs-subtotal")).toHaveText("€ 70,00");
  await f.coupon.fill(code.toLowerCase());
  await f.apply.click();
  await expect(page.getByText(`Kortingscode ${code}: ${MINUS}€ 7,00`)).toBeVisible();
  await expect(page.getByTestId("prijs-discount")).toHaveText(`${MINUS}€ 7,00`);
  await expect(page.getByTestId("prijs-total")).toHaveText("€ 63,00");
  await expect(f.summary.getByText(/^waarvan 21% btw € \d+,\d\d$/)).toBeVisible();

  await f.submit.click();
  await payOnSimulatedPage(page, "Betalen", "€ 63,00");

  await expect(page).toHaveURL(/\/payment-success\?order=/);
  await expect(page.getByText("Bedankt, Anna!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText("Je tickets zitten in je mailbox.")).toBeVisible();
  const details = page.locator("dl").filter({ hasText: "Totaal" });
  await expect(details).toContainText(event.title);
  await expect(details).toContainText("€ 63,00");
  await expect(details.getByText("2", { exact: true })).toBeVisible();

  const orderId = orderIdFromUrl(page);
  const order = (await (await request.get(`/api/orders/${orderId}`)).json()) as OrderSummary;
  expect(order).toMatchObject({ status: "paid", quantity: 2, total_cents: 6300, discount_cents: 700, ticket_count: 2 });

  // The ticket codes, as the admin sees them.
  const token = await adminToken(request);
  const auth = { Authorization: `Bearer ${token}` };
  const list = (await (
    await request.get(`/api/admin/orders?q=${encodeURIComponent(email)}`, { headers: auth })
  ).json()) as AdminOrderPage;
  const adminOrder = list.items.find((o) => o.public_id === orderId);
  expect(adminOrder).toBeTruthy();
  const detail = (await (await request.get(`/api/admin/orders/${adminOrder!.id}`, { headers: auth })).json()) as AdminOrderDetail;
  expect(detail.consent_text).toMatch(/geen herroepingsrecht/);
  const codes = detail.tickets.map((t) => t.code);
  expect(codes).toHaveLength(2);

  const mail = await mailTo(email, codes[0]!);
  for (const ticket of codes) expect(mail).toContain(ticket);
  expect(mail.toLowerCase()).toContain("text/calendar");
  expect(mail).toContain("BEGIN:VCALENDAR");
  expect(errors).toEqual([]);
});

test("a canceled payment returns to /payment-canceled, and trying again with the filled form succeeds", async ({
  page,
  request,
}) => {
  const event = await bookableEvent(request, "vertelavond");
  const email = uniqueEmail("opnieuw");
  await page.goto(`/checkout?product=vertelavond&event=${event.id}`);
  await fillCheckout(page, { firstName: "Bram", lastName: "Janssens", email });
  await checkoutForm(page).submit.click();
  await expect(page).toHaveURL(/\/betalen\/simulatie/);
  const firstRef = sessionRef(page);
  await payOnSimulatedPage(page, "Annuleren");

  await expect(page).toHaveURL(/\/payment-canceled\?order=.+&reden=geannuleerd/);
  const firstOrder = orderIdFromUrl(page);
  await expect(page.getByText("Je hebt de betaling geannuleerd.")).toBeVisible();
  await expect(page.getByText(/er is niets aangerekend/)).toBeVisible();
  expect(((await (await request.get(`/api/orders/${firstOrder}`)).json()) as OrderSummary).status).toBe("cancelled");

  await page.getByRole("link", { name: "Opnieuw proberen" }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?product=vertelavond&event=${event.id}`));
  const f = checkoutForm(page);
  await expect(f.firstName).toHaveValue("Bram");
  await expect(f.lastName).toHaveValue("Janssens");
  await expect(f.email).toHaveValue(email);
  await expect(f.terms).toBeChecked();
  await expect(f.consent).toBeChecked();

  await f.submit.click();
  await expect(page).toHaveURL(/\/betalen\/simulatie/);
  expect(sessionRef(page)).not.toBe(firstRef);
  await payOnSimulatedPage(page, "Betalen");
  await expect(page).toHaveURL(/\/payment-success\?order=/);
  expect(orderIdFromUrl(page)).not.toBe(firstOrder);
  await expect(page.getByText("Bedankt, Bram!")).toBeVisible({ timeout: 15_000 });
});

test("a failed payment says so and offers to try again", async ({ page, request }) => {
  const event = await bookableEvent(request, "vertelavond");
  await page.goto(`/checkout?product=vertelavond&event=${event.id}`);
  await fillCheckout(page, { firstName: "Chris", lastName: "Maes", email: uniqueEmail("mislukt") });
  await checkoutForm(page).submit.click();
  await payOnSimulatedPage(page, "Mislukt");
  await expect(page).toHaveURL(/\/payment-canceled\?order=.+&reden=mislukt/);
  await expect(page.getByText("De betaling is niet gelukt.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Opnieuw proberen" })).toHaveAttribute(
    "href",
    `/checkout?product=vertelavond&event=${event.id}`,
  );
});

test("booking a Zelfbeeld-Ommekeer date from the booking page", async ({ page, request }) => {
  const before = await bookableEvent(request, "zelfbeeld-ommekeer");
  await page.goto("/zelfbeeld-ommekeer-booking");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: before.title }) }).first();
  await expect(card.getByText(/^Nog \d+ plaats(en)?$/)).toBeVisible();
  await card.getByRole("link", { name: /Boek deze datum/ }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?product=zelfbeeld-ommekeer&event=${before.id}$`));

  const f = checkoutForm(page);
  await expect(f.quantity).toHaveCount(0); // one seat per booking
  await expect(f.consent).toHaveAccessibleName(/geen herroepingsrecht/);
  await expect(page.getByTestId("prijs-total")).toHaveText("€ 1.500,00");
  await fillCheckout(page, { firstName: "Dirk", lastName: "Wouters", email: uniqueEmail("zelfbeeld") });
  await f.submit.click();
  await payOnSimulatedPage(page, "Betalen", "€ 1.500,00");
  await expect(page.getByText("Bedankt, Dirk!")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Je plaats is geboekt/)).toBeVisible();

  const after = (await getProduct(request, "zelfbeeld-ommekeer")).events.find((e) => e.id === before.id);
  expect(after?.seats_left).toBe(before.seats_left - 1);
});

test("buying an online course shows the access link", async ({ page }) => {
  await page.goto("/begrijp-jezelf/spiegelgevecht");
  await expect(page.getByRole("region", { name: /Prijs van Het Spiegelgevecht/ })).toContainText("€ 19,00");
  await page.getByRole("link", { name: "Koop de cursus" }).click();
  await expect(page).toHaveURL("/checkout?product=spiegelgevecht");

  const f = checkoutForm(page);
  await expect(f.consent).toHaveAccessibleName(/meteen toegang .* herroepingsrecht verlies/);
  await expect(f.quantity).toHaveCount(0);
  await expect(page.getByTestId("prijs-total")).toHaveText("€ 19,00");
  await fillCheckout(page, { firstName: "Eva", lastName: "Claes", email: uniqueEmail("cursus") });
  await f.submit.click();
  await payOnSimulatedPage(page, "Betalen", "€ 19,00");
  await expect(page.getByText("Bedankt, Eva!")).toBeVisible({ timeout: 15_000 });
  const access = page.getByRole("link", { name: /Ga naar je cursus/ });
  await expect(access).toBeVisible();
  expect(await access.getAttribute("href")).toMatch(/^https?:\/\//);
});

test("submitting twice (double click, or back and again) makes one order", async ({ page, request }) => {
  const event = await bookableEvent(request, "vertelavond");
  const posts: string[] = [];
  const orders: string[] = [];
  await page.route("**/api/checkout", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    posts.push((route.request().postDataJSON() as CheckoutRequest).idempotency_key);
    await new Promise((r) => setTimeout(r, 400)); // a slow server invites a second click
    const response = await route.fetch();
    orders.push(((await response.json()) as CheckoutStarted).order_id);
    await route.fulfill({ response });
  });

  await page.goto(`/checkout?product=vertelavond&event=${event.id}`);
  await fillCheckout(page, { firstName: "Fien", lastName: "Mertens", email: uniqueEmail("dubbel") });
  const f = checkoutForm(page);
  await f.submit.dblclick();
  await expect(page).toHaveURL(/\/betalen\/simulatie/);
  expect(posts).toHaveLength(1);
  const firstRef = sessionRef(page);

  // Back to the form (a fresh page load) and submit again: the same attempt, the same order.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\?/);
  await expect(f.firstName).toHaveValue("Fien");
  await f.submit.click();
  await expect(page).toHaveURL(/\/betalen\/simulatie/);
  expect(posts).toHaveLength(2);
  expect(posts[1]).toBe(posts[0]);
  expect(orders[1]).toBe(orders[0]);
  expect(sessionRef(page)).toBe(firstRef);
});

test("the form shows every problem next to its field and moves focus to the first one", async ({ page, request }) => {
  const event = await bookableEvent(request, "vertelavond");
  await page.goto(`/checkout?product=vertelavond&event=${event.id}`);
  const f = checkoutForm(page);
  await expect(f.consent).toBeVisible();
  await f.submit.click();
  await expect(f.firstName).toBeFocused();
  await expect(f.firstName).toHaveAccessibleDescription("Vul je voornaam in.");
  await expect(f.email).toHaveAccessibleDescription(/Vul je e-mailadres in\./);
  await expect(f.terms).toHaveAttribute("aria-invalid", "true");
  await expect(f.consent).toHaveAccessibleDescription("Vink dit aan om verder te gaan.");

  // An unknown coupon: the server's Dutch reason, and the price without it.
  await f.coupon.fill("BESTAATNIET");
  await f.coupon.press("Enter");
  await expect(f.coupon).toHaveAttribute("aria-invalid", "true");
  await expect(f.coupon).toHaveAccessibleDescription(/kortingscode/i);
  await expect(page.getByTestId("prijs-total")).toHaveText("€ 35,00");
  await expect(page).toHaveURL(/\/checkout\?/); // Enter applied the code, it did not order
});

test("an unknown product or a date that is gone is said plainly", async ({ page }) => {
  await page.goto("/checkout?product=bestaat-niet");
  await expect(page.getByText("Dit aanbod bestaat niet (meer) of is op dit moment niet te koop.")).toBeVisible();
  await page.goto("/checkout?product=vertelavond&event=999999");
  await expect(page.getByText(/De datum die je koos is voorbij of niet meer beschikbaar/)).toBeVisible();
});
