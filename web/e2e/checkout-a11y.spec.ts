// The commerce pages in every state: what they say, and no axe-core violations (desktop and phone).
import { expect, test, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { bookableEvent, checkoutForm } from "./checkout-helpers";
import { expectNoAxeViolations, readThrough, uniqueEmail } from "./helpers";
import type { CheckoutStarted, ProductDetail, SimulatedButton } from "@/lib/api-types";

/** An order made straight through the API (as the form would), pending until the test pays it. */
async function startOrder(page: Page, product: string, eventId?: number): Promise<CheckoutStarted & { ref: string }> {
  const response = await page.request.post("/api/checkout", {
    data: {
      idempotency_key: randomUUID(),
      product,
      ...(eventId ? { event_id: eventId } : {}),
      quantity: 1,
      first_name: "Axe",
      last_name: "Tester",
      email: uniqueEmail("axe"),
      accept_terms: true,
      accept_consent: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const started = (await response.json()) as CheckoutStarted;
  return { ...started, ref: new URL(started.checkout_url).searchParams.get("sessie")! };
}

async function settle(page: Page, ref: string, outcome: SimulatedButton): Promise<string> {
  const response = await page.request.post(`/api/payments/simulated/${ref}`, { data: { outcome } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { redirect_url: string }).redirect_url;
}

async function check(page: Page, path: string, ready: string | RegExp) {
  await page.goto(path);
  await readThrough(page);
  await expect(page.getByText(ready).first()).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  await expectNoAxeViolations(page);
}

for (const viewport of [
  { name: "desktop", size: { width: 1280, height: 900 } },
  { name: "phone", size: { width: 390, height: 844 } },
]) {
  test.describe(`commerce pages on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });
    test.describe.configure({ timeout: 60_000 });

    test("checkout, empty and with errors; a course checkout", async ({ page, request }) => {
      const event = await bookableEvent(request, "vertelavond");
      await check(page, `/checkout?product=vertelavond&event=${event.id}`, "Je gegevens");
      await expect(checkoutForm(page).consent).toBeVisible();
      await checkoutForm(page).submit.click();
      await expect(checkoutForm(page).firstName).toBeFocused();
      await expectNoAxeViolations(page);
      await check(page, "/checkout?product=spiegelgevecht", "Je gegevens");
      await check(page, "/checkout", "Je hebt nog niets gekozen.");
    });

    test("a company's checkout asks for its whole address, field by field", async ({ page, request }) => {
      const event = await bookableEvent(request, "vertelavond");
      await check(page, `/checkout?product=vertelavond&event=${event.id}`, "Je gegevens");
      const form = checkoutForm(page).form;
      await expect(form.getByLabel(/^Straat en nummer/)).toHaveCount(0);
      await form.getByLabel(/^Bedrijfsnaam/).fill("Łódź & Şahin <Import> BV");
      const address = form.getByRole("group", { name: "Adres van je bedrijf (voor de factuur)" });
      await expect(address).toBeVisible();
      await expect(address.getByLabel("Land")).toHaveValue("BE");
      await checkoutForm(page).submit.click();
      await expect(address.getByText("Vul de straat en het huisnummer van je bedrijf in: ze komen op de factuur.")).toBeVisible();
      await expect(address.getByText("Vul de postcode van je bedrijf in.")).toBeVisible();
      await expect(address.getByText("Vul de gemeente van je bedrijf in.")).toBeVisible();
      // Without a VAT number, a Belgian company gives its enterprise number.
      await expect(address.getByText(/^Vul het ondernemingsnummer van je bedrijf of vereniging in/)).toBeVisible();
      await expect(address.getByLabel(/^Ondernemingsnummer/)).toHaveAttribute("aria-invalid", "true");
      await expectNoAxeViolations(page);
      await address.getByLabel("Land").selectOption({ label: "Nederland" });
      await expect(address.getByLabel(/^KvK-nummer/)).toBeVisible();
      await form.getByLabel(/^Btw-nummer/).fill("NL852824913B01");
      await expect(address.getByLabel(/^KvK-nummer/)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await address.getByLabel("Land").selectOption({ label: "Italië" });
      await expect(address.getByLabel("Land")).toHaveValue("IT");
      await expectNoAxeViolations(page);
    });

    test("the simulated payment page, and the result pages while pending, paid, canceled and failed", async ({ page, request }) => {
      const event = await bookableEvent(request, "vertelavond");
      const paid = await startOrder(page, "vertelavond", event.id);
      await check(page, `/betalen/simulatie?sessie=${paid.ref}`, "Testbetaling — er wordt geen echt geld betaald");
      await check(page, `/payment-success?order=${paid.order_id}`, "We wachten op de bevestiging van je betaling…");
      await settle(page, paid.ref, "paid");
      await expect(page.getByText("Je tickets zitten in je mailbox.")).toBeVisible({ timeout: 15_000 });
      await expectNoAxeViolations(page);

      const canceled = await startOrder(page, "spiegelgevecht");
      await check(page, await settle(page, canceled.ref, "cancelled"), "Je hebt de betaling geannuleerd.");
      const failed = await startOrder(page, "spiegelgevecht");
      await settle(page, failed.ref, "failed");
      await check(page, `/payment-success?order=${failed.order_id}`, "Je betaling is niet gelukt.");
    });

    for (const [path, ready] of [
      ["/vertelavond", /^Nog \d+ plaats/],
      ["/zelfbeeld-ommekeer-booking", /^Nog \d+ plaats/],
      ["/product-zelfbeeld-ommekeer", /Eerstvolgende datum/],
      ["/transformeer/zelfbeeld-ommekeer", /^Nog \d+ plaats/],
      ["/begrijp-jezelf", /€ 97,00/],
      ["/begrijp-jezelf/spiegelgevecht", /€ 19,00/],
    ] as const) {
      test(`${path} with its live price and dates`, async ({ page }) => {
        await check(page, path, ready);
      });
    }

    test("a sold-out evening, and a course without any date", async ({ page }) => {
      // Sold out: every date full.
      await page.route("**/api/products/vertelavond", async (route) => {
        const response = await route.fetch();
        const product = (await response.json()) as ProductDetail;
        const events = product.events.map((e) => ({ ...e, seats_left: 0, seats_taken: e.capacity }));
        await route.fulfill({ response, json: { ...product, events } });
      });
      await check(page, "/vertelavond", "Uitverkocht");
      await expect(page.getByRole("link", { name: /Koop tickets/ })).toHaveCount(0);
      await expect(page.getByRole("link", { name: "Laat je e-mailadres achter" })).toHaveAttribute("href", "#nieuwsbrief");

      // No date at all: the signup form right there.
      await page.route("**/api/products/zelfbeeld-ommekeer", async (route) => {
        const response = await route.fetch();
        const product = (await response.json()) as ProductDetail;
        await route.fulfill({ response, json: { ...product, events: [] } });
      });
      await check(page, "/zelfbeeld-ommekeer-booking", "Er staan op dit moment geen nieuwe data gepland.");
      await expect(page.getByRole("form", { name: "Inschrijven op de nieuwsbrief" })).toBeVisible();
      await check(page, "/checkout?product=zelfbeeld-ommekeer", /er is op dit moment geen datum gepland/);
    });
  });
}
