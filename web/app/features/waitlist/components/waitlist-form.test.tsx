import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WaitlistForm } from "@/features/waitlist/components/waitlist-form";
import type { PublicEvent } from "@/lib/api-types";
import { toastText } from "@/test/toast-text";

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/components/ui/toast", () => ({ toast: toastMock }));

const event: PublicEvent = {
  id: 7,
  kind: "vertelavond",
  title: "Vertelavond",
  description: "",
  starts_at: "2027-01-14T18:30:00Z",
  ends_at: "2027-01-14T21:00:00Z",
  venue_name: null,
  street: null,
  postal_code: null,
  city: "Mechelen",
  online_url: null,
  capacity: 10,
  seats_taken: 10,
  seats_left: 0,
  price_cents: 3500,
  status: "published",
};

function fill() {
  render(<WaitlistForm event={event} />);
  fireEvent.change(screen.getByLabelText("Naam"), { target: { value: " Anna Peeters " } });
  fireEvent.change(screen.getByLabelText("E-mailadres"), { target: { value: "anna@example.be" } });
  fireEvent.click(screen.getByRole("button", { name: "Zet me op de wachtlijst" }));
}

describe("WaitlistForm", () => {
  beforeEach(() => {
    toastMock.success.mockReset();
    toastMock.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("sends name and address for this date and then shows the server's answer", async () => {
    const message = "Je staat op de wachtlijst. Komt er een plaats voor je vrij, dan krijg je meteen een e-mail.";
    const fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ message }), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    fill();
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe(message));
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe("/api/events/7/waitlist");
    expect(await request.json()).toEqual({ name: "Anna Peeters", email: "anna@example.be" });
    expect(toastText(toastMock.success.mock.lastCall)).toEqual(["Je staat op de wachtlijst", message]);
  });

  it("keeps the form and toasts the server's message when refused", async () => {
    const refusal = "Er zijn weer plaatsen vrij: je kunt meteen een ticket kopen.";
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(new Response(JSON.stringify({ error: { code: "conflict", message: refusal } }), { status: 409 })),
    );
    fill();
    await waitFor(() => expect(toastText(toastMock.error.mock.lastCall)).toEqual(["Er is iets misgegaan", refusal]));
    expect(screen.getByLabelText<HTMLInputElement>("E-mailadres").value).toBe("anna@example.be");
    expect(screen.queryByRole("status")).toBeNull();
  });
});
