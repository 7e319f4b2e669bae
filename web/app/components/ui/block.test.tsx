import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

// The saved texts are read once when the module loads, as in the page: each test loads it afresh.
async function loadWith(saved: Record<string, string> | null) {
  document.getElementById("live-blocks")?.remove();
  if (saved) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "live-blocks";
    script.textContent = JSON.stringify(saved);
    document.head.append(script);
  }
  vi.resetModules();
  return {
    ...(await import("@/components/ui/block")),
    ...(await import("@/config/page-texts")),
  };
}

afterEach(() => document.getElementById("live-blocks")?.remove());

describe("Block", () => {
  it("renders the default inside the marked element the server looks for", async () => {
    const { Block } = await loadWith(null);
    const { container } = render(
      <Block name="home.hero.title" as="h1" id="hero-titel">
        Kom in het licht
      </Block>,
    );
    expect(container.innerHTML).toBe('<h1 id="hero-titel" data-block="home.hero.title">Kom in het licht</h1>');
  });

  it("renders the saved fragment the server embedded, and marks rich blocks", async () => {
    const { Block } = await loadWith({ "home.intro": "<p>Een <strong>stap</strong></p>" });
    const { container } = render(
      <Block name="home.intro" as="div" rich>
        <p>Standaard</p>
      </Block>,
    );
    expect(container.innerHTML).toBe(
      '<div data-block="home.intro" data-block-rich=""><p>Een <strong>stap</strong></p></div>',
    );
  });

  it("names SEO blocks as the server does", async () => {
    const { seoKey, savedText } = await loadWith({ "seo.begrijp-jezelf.vertelavond.title": "Verhalen" });
    expect(seoKey("/", "title")).toBe("seo.home.title");
    expect(seoKey("/begrijp-jezelf/vertelavond", "title")).toBe("seo.begrijp-jezelf.vertelavond.title");
    expect(savedText(seoKey("/begrijp-jezelf/vertelavond", "title"))).toBe("Verhalen");
    expect(savedText("seo.home.title")).toBeUndefined();
  });
});
