import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NewsletterForm } from "@/features/newsletter/components/newsletter-form";
import { toastText } from "@/test/toast-text";

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }));
vi.mock("@/components/ui/toast", () => ({ toast: toastMock }));

function renderForm() {
  render(
    <MemoryRouter>
      <NewsletterForm />
    </MemoryRouter>,
  );
  const firstName = screen.getByLabelText<HTMLInputElement>("Voornaam");
  const email = screen.getByLabelText<HTMLInputElement>("E-mailadres");
  fireEvent.change(firstName, { target: { value: "Anna" } });
  fireEvent.change(email, { target: { value: "anna@example.be" } });
  return { firstName, email };
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("NewsletterForm", () => {
  beforeEach(() => {
    toastMock.success.mockReset();
    toastMock.error.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("has required, typed fields", () => {
    const { firstName, email } = renderForm();
    expect(firstName.required && firstName.type === "text" && firstName.name === "firstName").toBe(true);
    expect(email.required && email.type === "email" && email.name === "email").toBe(true);
  });

  it("shows 'Bezig...' while sending, then toasts and clears both fields", async () => {
    const pending = deferred<Response>();
    const fetchMock = vi.fn().mockReturnValue(pending.promise);
    vi.stubGlobal("fetch", fetchMock);
    const { firstName, email } = renderForm();

    fireEvent.click(screen.getByRole("button", { name: "Abonneer" }));
    const busy = screen.getByRole<HTMLButtonElement>("button", { name: "Bezig..." });
    expect(busy.disabled).toBe(true);
    expect(await (fetchMock.mock.calls[0]![0] as Request).json()).toEqual({ firstName: "Anna", email: "anna@example.be" });

    await act(async () => {
      pending.resolve(new Response(JSON.stringify({ status: "pending", message: "ok" }), { status: 200 }));
      await pending.promise;
    });

    expect(toastText(toastMock.success.mock.lastCall)).toEqual([
      "Ingeschreven!",
      "Je bent succesvol ingeschreven voor de nieuwsbrief.",
    ]);
    expect(firstName.value).toBe("");
    expect(email.value).toBe("");
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Abonneer" }).disabled).toBe(false);
  });

  it("shows the server's message on failure and keeps the fields", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ error: { code: "invalid_email", message: "Dit e-mailadres is ongeldig." } }), {
          status: 422,
        }),
      ),
    );
    const { firstName, email } = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Abonneer" }));
    await waitFor(() =>
      expect(toastText(toastMock.error.mock.lastCall)).toEqual(["Er is iets misgegaan", "Dit e-mailadres is ongeldig."]),
    );
    expect(firstName.value).toBe("Anna");
    expect(email.value).toBe("anna@example.be");
    expect(screen.getByRole("button", { name: "Abonneer" })).toBeTruthy();
  });

  it("falls back to 'Probeer het later opnieuw.' on a network failure", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Abonneer" }));
    await waitFor(() =>
      expect(toastText(toastMock.error.mock.lastCall)).toEqual(["Er is iets misgegaan", "Probeer het later opnieuw."]),
    );
  });
});
