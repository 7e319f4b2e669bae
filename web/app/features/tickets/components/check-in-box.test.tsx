import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CheckInBox } from "@/features/tickets/components/check-in-box";
import { ApiError } from "@/lib/api";

// The admin API client: only the check-in call is answered here. A failure is returned by the
// wrapper, not by the vi.fn (vitest counts a mock's rejected promise as the test's error).
const adminApi = vi.hoisted(() => vi.fn());
const reject = vi.hoisted(() => ({ error: null as unknown }));
vi.mock("@/lib/admin-fetch", () => ({
  adminApi: (...args: unknown[]) => {
    const answer = adminApi(...args);
    return reject.error ? Promise.reject(reject.error) : answer;
  },
  adminPath: (p: string) => p,
}));


function renderBox() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CheckInBox />
    </QueryClientProvider>,
  );
  return screen.getByLabelText("Ticketcode") as HTMLInputElement;
}

function scan(input: HTMLInputElement, code: string) {
  fireEvent.change(input, { target: { value: code } });
  fireEvent.submit(input.form!);
}

describe("CheckInBox", () => {
  beforeEach(() => {
    adminApi.mockReset();
    reject.error = null;
  });

  it("sends the cleaned-up code, greets the guest, and is ready for the next scan", async () => {
    adminApi.mockResolvedValue({
      ticket: { id: 1, code: "K7QF-M2XD-9TPA", holder_name: "Anna Peeters", checked_in_at: "2026-11-27T18:35:00Z" },
      event_title: "Vertelavond",
    });
    const input = renderBox();
    scan(input, " k7qf-m2xd-9tpa ");
    await waitFor(() =>
      expect(adminApi).toHaveBeenCalledWith("/api/admin/tickets/check-in", { method: "POST", body: { code: "K7QF-M2XD-9TPA" } }),
    );
    expect(input.value).toBe("");
    expect(document.activeElement).toBe(input);
    expect(await screen.findByText("Welkom, Anna Peeters!")).toBeTruthy();
    expect(screen.getByText("Ingecheckt voor Vertelavond.")).toBeTruthy();
    expect(screen.getByText("Welkom, Anna Peeters!").closest("[aria-live]")).toBeTruthy();
  });

  it("shows the server's reason when a ticket cannot be checked in", async () => {
    reject.error = new ApiError("Dit ticket is al ingecheckt om 19:32.", 409, "conflict");
    const input = renderBox();
    scan(input, "K7QFM2XD9TPA");
    expect(await screen.findByText("Niet ingecheckt")).toBeTruthy();
    expect(screen.getByText("Dit ticket is al ingecheckt om 19:32.")).toBeTruthy();
    expect(input.value).toBe("");
  });

  it("asks for a code when the box is empty, without calling the server", async () => {
    const input = renderBox();
    scan(input, "   ");
    expect(await screen.findByText("Vul een ticketcode in of scan het ticket.")).toBeTruthy();
    expect(adminApi).not.toHaveBeenCalled();
  });
});
