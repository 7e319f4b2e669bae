// Shared by the admin commerce specs (coupons, tickets, orders): events and coupons made
// through the admin API, and orders bought and paid through the public checkout API with
// the simulated payment provider — the same path a visitor takes, without the forms.
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { waitForAdminPage, type StoredSession } from "./admin-helpers";
import type { SimulatedButton } from "@/lib/api-types";

export function bearer(session: StoredSession) {
  return { Authorization: `Bearer ${session.access_token}` };
}

/** "YYYY-MM-DDTHH:MM" for <input type="datetime-local">, `days` from now at the given hour. */
export function localDateTime(days: number, hour: number, minute = 0): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:${pad(minute)}`;
}

export interface CreatedEvent {
  id: number;
  title: string;
}

/** A published event through the admin API, `days` from now (19:30–22:00). */
export async function createEvent(
  request: APIRequestContext,
  session: StoredSession,
  { kind = "vertelavond", title, capacity = 5, priceCents = 3500, days = 45 }: {
    kind?: "vertelavond" | "webinar" | "zelfbeeld";
    title: string;
    capacity?: number;
    priceCents?: number;
    days?: number;
  },
): Promise<CreatedEvent> {
  const response = await request.post("/api/admin/events", {
    headers: bearer(session),
    data: {
      kind,
      title,
      description: "",
      starts_at: localDateTime(days, 19, 30),
      ends_at: localDateTime(days, 22),
      venue_name: "Zaal Test",
      street: null,
      postal_code: "2800",
      city: "Mechelen",
      online_url: null,
      capacity,
      price_cents: priceCents,
      status: "published",
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const event = (await response.json()) as { id: number; title: string };
  return { id: event.id, title: event.title };
}

export async function createCoupon(
  request: APIRequestContext,
  session: StoredSession,
  input: Partial<{
    code: string;
    discount_kind: "percent" | "fixed";
    discount_value: number;
    product_slug: string | null;
    max_redemptions: number | null;
  }> & { code: string },
): Promise<{ id: number; code: string }> {
  const response = await request.post("/api/admin/coupons", {
    headers: bearer(session),
    data: {
      discount_kind: "percent",
      discount_value: 10,
      product_slug: null,
      valid_from_local: null,
      valid_until_local: null,
      max_redemptions: null,
      active: true,
      ...input,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; code: string };
}

export interface Buyer {
  first_name: string;
  last_name: string;
  email: string;
}

export interface PaidOrder {
  /** The public id. */
  orderId: string;
  ref: string;
}

/** Starts a checkout and pays it on the simulated provider; waits until the order is paid. */
export async function buyAndPay(
  request: APIRequestContext,
  {
    product = "vertelavond",
    eventId,
    quantity = 1,
    buyer,
    coupon,
    outcome = "paid",
  }: {
    product?: string;
    eventId?: number;
    quantity?: number;
    buyer: Buyer;
    coupon?: string;
    outcome?: SimulatedButton;
  },
): Promise<PaidOrder> {
  const started = await request.post("/api/checkout", {
    data: {
      idempotency_key: randomUUID(),
      product,
      event_id: eventId,
      quantity,
      ...buyer,
      coupon,
      accept_terms: true,
      accept_consent: true,
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const { order_id: orderId, checkout_url: checkoutUrl } = (await started.json()) as { order_id: string; checkout_url: string };
  const ref = new URL(checkoutUrl, "http://localhost").searchParams.get("sessie");
  expect(ref, `the simulated session in ${checkoutUrl}`).toBeTruthy();
  const paid = await request.post(`/api/payments/simulated/${ref}`, { data: { outcome } });
  expect(paid.status(), await paid.text()).toBe(200);
  if (outcome === "paid") {
    await expect
      .poll(async () => ((await (await request.get(`/api/orders/${orderId}`)).json()) as { status: string }).status, {
        message: "the order is marked paid by the (simulated) webhook",
      })
      .toBe("paid");
  }
  return { orderId, ref: ref! };
}

/** A buyer no other test uses. */
export function uniqueBuyer(firstName: string): Buyer {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return { first_name: firstName, last_name: `Test${tag}`, email: `${firstName.toLowerCase()}.${tag}@voorbeeld.be` };
}

/** The admin tickets of an event, straight from the API (codes as the server shows them). */
export async function eventTickets(request: APIRequestContext, session: StoredSession, eventId: number) {
  const response = await request.get(`/api/admin/events/${eventId}/tickets?per_page=100`, { headers: bearer(session) });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { items: { id: number; code: string; holder_name: string; status: string }[] }).items;
}

/** Opens /admin/tickets (or another events page) with the event's tickets list shown. */
export async function openEventTickets(page: Page, path: string, title: string, button: "Tickets" | "Boekingen" = "Tickets") {
  await page.goto(path);
  await waitForAdminPage(page);
  const row = page.getByRole("row").filter({ hasText: title });
  await row.getByRole("button", { name: new RegExp(`^${button}`) }).click();
  const region = page.getByRole("region", { name: `${button}: ${title}` });
  await expect(region).toBeVisible();
  return region;
}
