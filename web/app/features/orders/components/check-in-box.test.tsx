import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CheckInBox } from "@/features/orders/components/check-in-box";

/** The server's answer to every call; returns the stubbed fetch. */
function answer(status: number, body: unknown) {
  const fetchMock = vi.fn().mockResolvedValue(
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

function renderBox() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckInBox />
    </QueryClientProvider>,
  );
  return screen.getByLabelText<HTMLInputElement>("Ticketcode");
}

function scan(input: HTMLInputElement, code: string) {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.form!);
}

describe("CheckInBox", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the cleaned-up code, greets the guest, and is ready for the next scan", async () => {
    const fetchMock = answer(200, {
      ticket: { id: 1, code: "K7QF-M2XD-9TPA", holder_name: "Anna Peeters", checked_in_at: "2026-11-27T18:35:00Z" },
      event_title: "Vertelavond",
    });
    const input = renderBox();
    scan(input, " k7qf-m2xd-9tpa ");
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const request = fetchMock.mock.calls[0]![0] as Request;
    expect([request.method, new URL(request.url).pathname]).toEqual(["POST", "/api/admin/tickets/check-in"]);
    expect(await request.json()).toEqual({ code: "K7QF-M2XD-9TPA" });
    expect(input.value).toBe("");
    expect(document.activeElement).toBe(input);
    expect(await screen.findByText("Welkom, Anna Peeters!")).toBeTruthy();
    expect(screen.getByText("Ingecheckt voor Vertelavond.")).toBeTruthy();
    expect(screen.getByText("Welkom, Anna Peeters!").closest("[aria-live]")).toBeTruthy();
  });

  it("shows the server's reason when a ticket cannot be checked in", async () => {
    answer(409, { error: { code: "conflict", message: "Dit ticket is al ingecheckt om 19:32." } });
    const input = renderBox();
    scan(input, "K7QFM2XD9TPA");
    expect(await screen.findByText("Niet ingecheckt")).toBeTruthy();
    expect(screen.getByText("Dit ticket is al ingecheckt om 19:32.")).toBeTruthy();
    expect(input.value).toBe("");
  });

  it("asks for a code when the box is empty, without calling the server", async () => {
    const fetchMock = answer(500, {});
    const input = renderBox();
    scan(input, "   ");
    expect(await screen.findByText("Vul een ticketcode in of scan het ticket.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
