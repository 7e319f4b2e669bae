import { fireEvent, render, screen } from "@testing-library/react";
import { act, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_INPUT_SCRIPT, releaseEarlyInput } from "@/lib/early-input";

// The script listens on window, as in the page; each test installs it afresh.
function install() {
  const added: [string, EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined][] = [];
  const original = window.addEventListener.bind(window);
  const spy = vi.spyOn(window, "addEventListener").mockImplementation((type, listener, options) => {
    added.push([type, listener, options]);
    original(type, listener, options);
  });
  // The very text the page inlines, run as the page runs it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval, @typescript-eslint/no-unsafe-call
  new Function(EARLY_INPUT_SCRIPT)();
  spy.mockRestore();
  return () => added.forEach(([type, listener, options]) => window.removeEventListener(type, listener, options));
}

let uninstall = () => {};
afterEach(() => {
  uninstall();
  delete (window as { __inlumineReleaseInput?: unknown }).__inlumineReleaseInput;
  document.body.innerHTML = "";
});

describe("early input", () => {
  it("holds a click on a button until release, then clicks it once", async () => {
    uninstall = install();
    const onClick = vi.fn();
    render(<button onClick={onClick}>Menu</button>);
    fireEvent.click(screen.getByRole("button"));
    expect(onClick).not.toHaveBeenCalled();

    releaseEarlyInput();
    await new Promise((r) => setTimeout(r));
    expect(onClick).toHaveBeenCalledTimes(1);
    releaseEarlyInput(); // a second release replays nothing
    await new Promise((r) => setTimeout(r));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("leaves links to another site and jumps within the page to the browser", () => {
    uninstall = install();
    render(
      <>
        <a href="https://example.org/">elders</a>
        <a href="#main">naar de inhoud</a>
      </>,
    );
    // What the script did, seen after it; then the test stops the navigation jsdom cannot do.
    const reachedPage: string[] = [];
    const stop = (e: MouseEvent) => {
      if (!e.defaultPrevented) reachedPage.push((e.target as HTMLElement).textContent ?? "");
      e.preventDefault();
    };
    document.addEventListener("click", stop);
    fireEvent.click(screen.getByText("elders"));
    fireEvent.click(screen.getByText("naar de inhoud"));
    document.removeEventListener("click", stop);
    expect(reachedPage).toEqual(["elders", "naar de inhoud"]);
  });

  it("gives React the values typed before hydration, then submits", async () => {
    const submitted = vi.fn();
    function Form() {
      const [email, setEmail] = useState("");
      return (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitted(email);
          }}
        >
          <input aria-label="E-mailadres" value={email} onChange={(e) => setEmail(e.target.value)} />
          <button type="submit">Abonneer</button>
        </form>
      );
    }
    uninstall = install();
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Form />); // the prerendered page
    document.body.append(container);
    const input = screen.getByLabelText<HTMLInputElement>("E-mailadres");
    input.value = "lien@example.be"; // typed before hydration
    fireEvent.input(input);
    fireEvent.click(screen.getByRole("button"));

    act(() => {
      hydrateRoot(container, <Form />);
    });
    await act(async () => {
      releaseEarlyInput();
      await new Promise((r) => setTimeout(r));
    });
    expect(submitted).toHaveBeenCalledExactlyOnceWith("lien@example.be");
  });

  it("keeps holding what was done in a part that still waits, and replays it once that part is let go", async () => {
    uninstall = install();
    const menu = vi.fn();
    const newsletter = vi.fn();
    render(
      <>
        <button onClick={menu}>Menu</button>
        <div data-waiting="">
          <button onClick={newsletter}>Abonneer</button>
        </div>
      </>,
    );
    const waiting = (control: Element) => control.closest("[data-waiting]") !== null;
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    fireEvent.click(screen.getByRole("button", { name: "Abonneer" }));

    releaseEarlyInput(waiting);
    await new Promise((r) => setTimeout(r));
    expect(menu).toHaveBeenCalledTimes(1);
    expect(newsletter).not.toHaveBeenCalled();
    // Still held after the release: a click in the waiting part waits as well; one outside does not.
    fireEvent.click(screen.getByRole("button", { name: "Abonneer" }));
    fireEvent.click(screen.getByRole("button", { name: "Menu" }));
    expect(menu).toHaveBeenCalledTimes(2);
    expect(newsletter).not.toHaveBeenCalled();

    document.querySelector("[data-waiting]")!.removeAttribute("data-waiting");
    releaseEarlyInput(waiting);
    await new Promise((r) => setTimeout(r));
    expect(newsletter).toHaveBeenCalledTimes(2);
    expect(menu).toHaveBeenCalledTimes(2);
  });
});
