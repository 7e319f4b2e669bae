import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SelfTestRunner } from "@/features/selftest/components/selftest-runner";
import type { PublicSelfTest } from "@/lib/api-types";

const test: PublicSelfTest = {
  version: 3,
  title: "Hoe eerlijk kijk jij naar jezelf?",
  intro_html: "<p>Zes vragen.</p>",
  themes: [{ key: "zelfbeeld", name: "Zelfbeeld" }],
  questions: [
    { id: "v-1", text: "Ik ben mild voor mezelf.", choices: [{ label: "Nee" }, { label: "Ja" }] },
    { id: "v-2", text: "Ik zeg nee als het moet.", choices: [{ label: "Nee" }, { label: "Ja" }] },
  ],
};
const KEY = "test.zelftest";

afterEach(() => sessionStorage.clear());

function start(onFinish = vi.fn(() => Promise.resolve())) {
  render(<SelfTestRunner test={test} intro={{ html: test.intro_html }} storageKey={KEY} onFinish={onFinish} />);
  fireEvent.click(screen.getByRole("button", { name: "Start de test" }));
  return onFinish;
}

describe("SelfTestRunner", () => {
  it("asks one question per screen as a group of radios, with progress, and moves the focus to the question", async () => {
    start();
    const heading = screen.getByRole("heading", { name: "Ik ben mild voor mezelf." });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole("group", { name: "Ik ben mild voor mezelf." })).toBeTruthy();
    expect(screen.getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");
    expect(screen.getByRole("progressbar").getAttribute("aria-valuemax")).toBe("2");
    expect(screen.getByText("Vraag", { exact: false }).closest("p")?.textContent?.replace(/\s+/g, " ").trim()).toBe("Vraag 1 van 2");
    expect(screen.queryByRole("button", { name: "Vorige" })).toBeNull();
  });

  it("asks for an answer before going on, and keeps answers in the tab until the end", async () => {
    const onFinish = start();
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    expect(screen.getByRole("alert").textContent).toBe("Kies een antwoord om verder te gaan.");
    fireEvent.click(screen.getByRole("radio", { name: "Ja" }));
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Ik zeg nee als het moet." })));
    expect(JSON.parse(sessionStorage.getItem(KEY)!)).toEqual({ version: 3, step: 1, answers: [1, null] });
    // Back: the earlier answer is still chosen.
    fireEvent.click(screen.getByRole("button", { name: "Vorige" }));
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Ja" }).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    fireEvent.click(screen.getByRole("radio", { name: "Nee" }));
    fireEvent.click(screen.getByRole("button", { name: "Bekijk mijn resultaat" }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith([1, 0]));
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toBeNull());
  });

  it("shows the server's message when the answers could not be sent, and keeps them", async () => {
    const { ApiError } = await import("@/lib/api");
    start(vi.fn(() => Promise.reject(new ApiError("Deze versie van de test bestaat niet meer.", 422, "invalid"))));
    fireEvent.click(screen.getByRole("radio", { name: "Ja" }));
    fireEvent.click(screen.getByRole("button", { name: "Volgende" }));
    fireEvent.click(screen.getByRole("radio", { name: "Ja" }));
    fireEvent.click(screen.getByRole("button", { name: "Bekijk mijn resultaat" }));
    expect(await screen.findByText("Deze versie van de test bestaat niet meer.")).toBeTruthy();
    expect(sessionStorage.getItem(KEY)).not.toBeNull();
  });
});
