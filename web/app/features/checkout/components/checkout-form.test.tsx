import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CheckoutForm } from "@/features/checkout/components/checkout-form";
import { loadDraft, saveDraft } from "@/features/checkout/lib/checkout-storage";
import { emptyValues } from "@/features/checkout/lib/checkout-form";
import type { ProductDetail, PublicEvent } from "@/lib/api-types";

const leaveTo = vi.hoisted(() => vi.fn());
vi.mock("@/features/checkout/lib/leave-to", () => ({ leaveTo }));

const event: PublicEvent = {
  id: 7,
  kind: "vertelavond",
  title: "Vertelavond: Pleasen, Slikken en Loslaten",
  description: "",
  starts_at: "2026-12-17T18:30:00Z",
  ends_at: "2026-12-17T21:00:00Z",
  venue_name: "Zaal De Lichtbron",
  city: "Mechelen",
  capacity: 30,
  seats_taken: 12,
  seats_left: 18,
  price_cents: 3500,
  status: "published",
};

const product: ProductDetail = {
  slug: "vertelavond",
  name: "Ticket vertelavond",
  description: "",
  kind: "event",
  event_kind: "vertelavond",
  price_cents: 3500,
  page_path: "/vertelavond",
  max_per_order: 10,
  events: [event],
};

function json(body: unknown, status = 200) {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }));
}

function quoteFor(quantity: number) {
  return {
    product_name: product.name,
    event_title: event.title,
    unit_price_cents: 3500,
    quantity,
    subtotal_cents: 3500 * quantity,
    discount_cents: 0,
    total_cents: 3500 * quantity,
    vat_cents: 607 * quantity,
    vat_rate_percent: 21,
    coupon: null,
    seats_left: 18,
    max_quantity: 10,
  };
}

type Handler = (body: Record<string, unknown>) => Promise<Response>;

function mockApi(checkout: Handler) {
  const calls: { url: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (request: Request) => {
    const url = new URL(request.url).pathname;
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ url, body });
    if (url === "/api/checkout/consent") {
      return json({ text: "Ik begrijp dat er voor een vertelavond geen herroepingsrecht geldt." });
    }
    if (url === "/api/checkout/quote") return json(quoteFor(Number(body.quantity)));
    if (url === "/api/checkout") return checkout(body);
    return json({ error: { code: "not_found", message: "?" } }, 404);
  });
  vi.stubGlobal("fetch", fetchMock);
  return calls;
}

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <CheckoutForm product={product} event={event} dates={[event]} onDateChange={() => undefined} initialQuantity={null} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function fillValid() {
  fireEvent.change(screen.getByLabelText("Voornaam"), { target: { value: "Anna" } });
  fireEvent.change(screen.getByLabelText("Familienaam"), { target: { value: "Peeters" } });
  fireEvent.change(screen.getByLabelText("E-mailadres"), { target: { value: "anna@voorbeeld.be" } });
  fireEvent.click(screen.getByRole("checkbox", { name: /algemene voorwaarden/ }));
  fireEvent.click(await screen.findByRole("checkbox", { name: /herroepingsrecht/ }));
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}

describe("CheckoutForm", () => {
  beforeEach(() => {
    sessionStorage.clear();
    leaveTo.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends one order for two quick submits, says 'Bezig...', and leaves for the payment page", async () => {
    const pending = deferred<Response>();
    const calls = mockApi(() => pending.promise);
    renderForm();
    await fillValid();

    const button = screen.getByRole("button", { name: "Verder naar betalen" });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.submit(button.closest("form")!);
    expect(screen.getByRole("button", { name: "Bezig..." })).toHaveProperty("disabled", true);

    // The stub reads each body asynchronously; a second submit would have arrived by then too.
    await vi.waitFor(() => expect(calls.filter((c) => c.url === "/api/checkout")).toHaveLength(1));
    const posts = calls.filter((c) => c.url === "/api/checkout");
    const key = posts[0]!.body.idempotency_key as string;
    expect(key).toBe(loadDraft()!.idempotencyKey);
    expect(posts[0]!.body).toMatchObject({
      product: "vertelavond",
      event_id: 7,
      quantity: 1,
      first_name: "Anna",
      accept_terms: true,
      accept_consent: true,
    });

    await act(async () => {
      pending.resolve(
        new Response(JSON.stringify({ order_id: "ord_1", checkout_url: "/betalen/simulatie?sessie=sim_1" }), { status: 201 }),
      );
      await pending.promise;
    });
    expect(leaveTo).toHaveBeenCalledWith("/betalen/simulatie?sessie=sim_1");
    expect(loadDraft()).toMatchObject({ idempotencyKey: key, orderId: "ord_1" });
    expect(screen.getByRole("button", { name: "Bezig..." })).toHaveProperty("disabled", true);
  });

  it("resubmits a stored attempt with its key, so the server can answer with the same order", async () => {
    saveDraft({
      product: "vertelavond",
      eventId: 7,
      values: { ...emptyValues, first_name: "Bram", last_name: "Maes", email: "bram@voorbeeld.be", accept_terms: true, accept_consent: true },
      idempotencyKey: "stored-key-0123456789",
      orderId: null,
    });
    const calls = mockApi(() => json({ order_id: "ord_1", checkout_url: "/betalen/simulatie?sessie=sim_1" }));
    renderForm();
    expect(screen.getByLabelText("Voornaam")).toHaveProperty("value", "Bram");
    await screen.findByRole("checkbox", { name: /herroepingsrecht/ });
    fireEvent.click(screen.getByRole("button", { name: "Verder naar betalen" }));
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    expect(calls.find((c) => c.url === "/api/checkout")!.body.idempotency_key).toBe("stored-key-0123456789");
  });

  it("puts the server's field errors next to their fields, focuses the first, and starts a new attempt", async () => {
    mockApi(() =>
      json({ error: { code: "validation_failed", message: "Controleer je gegevens.", fields: { email: "Dit e-mailadres bestaat niet." } } }, 422),
    );
    renderForm();
    await fillValid();
    const keyBefore = loadDraft()!.idempotencyKey;
    fireEvent.click(screen.getByRole("button", { name: "Verder naar betalen" }));

    const email = screen.getByLabelText("E-mailadres");
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    const describedBy = email.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain("Dit e-mailadres bestaat niet.");
    await waitFor(() => expect(loadDraft()!.idempotencyKey).not.toBe(keyBefore));
    expect(screen.getByRole("button", { name: "Verder naar betalen" })).toHaveProperty("disabled", false);
  });

  it("checks the form before sending anything", async () => {
    const calls = mockApi(() => json({}));
    renderForm();
    await screen.findByRole("checkbox", { name: /herroepingsrecht/ });
    fireEvent.click(screen.getByRole("button", { name: "Verder naar betalen" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText("Voornaam")));
    expect(screen.getByText("Vul je voornaam in.")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/api/checkout")).toHaveLength(0);
  });

  it("keeps the answers in sessionStorage as they are typed", () => {
    mockApi(() => json({}));
    renderForm();
    fireEvent.change(screen.getByLabelText("Voornaam"), { target: { value: "Cleo" } });
    expect(loadDraft()!.values.first_name).toBe("Cleo");
  });
});
