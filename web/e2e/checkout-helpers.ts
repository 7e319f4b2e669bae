// Shared steps of the checkout specs: admin API setup, the checkout form, the simulated payment.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { admin } from "./admin-helpers";
import { readMails } from "./helpers";
import type { Coupon, CouponInput } from "@/lib/api-types";

export interface ProductEvent {
  id: number;
  title: string;
  seats_left: number;
  starts_at: string;
  price_cents: number;
}

export interface ProductDetail {
  slug: string;
  name: string;
  kind: "course" | "event";
  price_cents: number;
  max_per_order: number;
  events: ProductEvent[];
}

export async function getProduct(request: APIRequestContext, slug: string): Promise<ProductDetail> {
  const response = await request.get(`/api/products/${slug}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ProductDetail;
}

/** The first upcoming date of an event product with at least `seats` seats left. */
/** The demo data's own dates: admin specs running in parallel add, change and cancel others. */
const seededTitles: Record<string, string> = {
  vertelavond: "Vertelavond: Pleasen, Slikken en Loslaten",
  "zelfbeeld-ommekeer": "De Zelfbeeld-Ommekeer",
};

export async function bookableEvent(request: APIRequestContext, slug: string, seats = 1): Promise<ProductEvent> {
  const product = await getProduct(request, slug);
  const seeded = seededTitles[slug];
  const event = product.events.find((e) => e.seats_left >= seats && (!seeded || e.title === seeded));
  expect(event, `${slug} has an upcoming date with ${seats} seats left`).toBeTruthy();
  return event!;
}

/** An admin API token (the admin that start-server.sh creates). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: admin.email, password: admin.password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A coupon made through the admin API (contract body `CouponInput`). */
export async function createCoupon(
  request: APIRequestContext,
  input: Pick<CouponInput, "code" | "discount_kind" | "discount_value" | "product_slug">,
): Promise<Coupon> {
  const token = await adminToken(request);
  const response = await request.post("/api/admin/coupons", {
    headers: { Authorization: `Bearer ${token}` },
    data: { ...input, valid_from_local: null, valid_until_local: null, max_redemptions: null, active: true },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as Coupon;
}

export function uniqueCode(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();
}

export interface Buyer {
  firstName: string;
  lastName: string;
  email: string;
}

export function checkoutForm(page: Page) {
  const form = page.getByRole("form", { name: "Bestelformulier" });
  return {
    form,
    firstName: form.getByLabel("Voornaam"),
    lastName: form.getByLabel("Familienaam"),
    email: form.getByLabel("E-mailadres"),
    quantity: form.getByLabel("Aantal tickets"),
    coupon: form.getByLabel(/^Kortingscode/),
    apply: form.getByRole("button", { name: "Toepassen" }),
    terms: form.getByRole("checkbox", { name: /algemene voorwaarden/ }),
    consent: form.getByRole("checkbox", { name: /herroepingsrecht/ }),
    submit: form.getByRole("button", { name: /Verder naar betalen|Bezig\.\.\./ }),
    summary: page.getByRole("complementary", { name: "Samenvatting" }),
  };
}

/** Fills the buyer's details and ticks both required boxes. */
export async function fillCheckout(page: Page, buyer: Buyer) {
  const f = checkoutForm(page);
  await f.firstName.fill(buyer.firstName);
  await f.lastName.fill(buyer.lastName);
  await f.email.fill(buyer.email);
  await f.terms.check();
  await f.consent.check();
}

/** On the simulated provider's page: the test notice and the amount, then one of the three buttons. */
export async function payOnSimulatedPage(page: Page, button: "Betalen" | "Annuleren" | "Mislukt", amount?: string) {
  await expect(page).toHaveURL(/\/betalen\/simulatie\?sessie=/);
  await expect(page.getByText("Testbetaling — er wordt geen echt geld betaald")).toBeVisible();
  if (amount) await expect(page.getByText(amount, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: button }).click();
}

export function sessionRef(page: Page): string {
  return new URL(page.url()).searchParams.get("sessie")!;
}

export function orderIdFromUrl(page: Page): string {
  return new URL(page.url()).searchParams.get("order")!;
}

/** The newest e-mail to `address` that contains `needle`. */
export async function mailTo(address: string, needle: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      () => {
        found = readMails()
          .filter((m) => m.text.includes(address) && m.text.includes(needle))
          .sort((a, b) => b.file.localeCompare(a.file))[0]?.text;
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
