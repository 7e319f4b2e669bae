import { render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

const image = {
  id: 3,
  alt: "Els lacht",
  width: 900,
  height: 1050,
  src: "/media/abc-900.jpg",
  srcset: "/media/abc-320.jpg 320w, /media/abc-900.jpg 900w",
  webp_srcset: "/media/abc-320.webp 320w, /media/abc-900.webp 900w",
};

/** PagePhoto as a page loads it: the `#live-media` block (if any) is read when the module loads. */
async function load(block: object | null) {
  vi.resetModules();
  document.head.innerHTML = block
    ? `<script type="application/json" id="live-media">${JSON.stringify(block)}</script>`
    : "";
  return (await import("@/components/ui/page-photo")).PagePhoto;
}

describe("PagePhoto", () => {
  afterEach(() => {
    document.head.innerHTML = "";
  });

  it("keeps the default inside the marked element while no photo is chosen", async () => {
    const PagePhoto = await load(null);
    const { container } = render(
      <PagePhoto slot="portrait" sizes="384px" imgClassName="w-full">
        <img src="/images/coach.svg" alt="Portret" />
      </PagePhoto>,
    );
    const marked = container.querySelector('[data-media-slot="portrait"]')!;
    expect(marked.getAttribute("data-sizes")).toBe("384px");
    expect(marked.getAttribute("data-img-class")).toBe("w-full");
    expect(marked.hasAttribute("data-priority")).toBe(false);
    expect(marked.children).toHaveLength(1);
    expect(marked.querySelector("img")!.getAttribute("src")).toBe("/images/coach.svg");
  });

  it("renders the chosen photo the server wrote, eager for the hero", async () => {
    const PagePhoto = await load({ hero: image, portrait: null });
    const { container } = render(
      <PagePhoto slot="hero" priority sizes="384px" imgClassName="w-full">
        <svg />
      </PagePhoto>,
    );
    const marked = container.querySelector('[data-media-slot="hero"]')!;
    expect(marked.getAttribute("data-priority")).toBe("true");
    const img = marked.querySelector("picture > img")!;
    expect(img.getAttribute("srcset")).toBe(image.srcset);
    expect(img.getAttribute("alt")).toBe("Els lacht");
    expect(img.getAttribute("width")).toBe("900");
    expect(img.getAttribute("loading")).toBe("eager");
    expect(img.getAttribute("class")).toBe("w-full");
    expect(marked.querySelector("svg")).toBeNull();
  });
});
