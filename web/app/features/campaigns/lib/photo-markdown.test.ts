import { describe, expect, it } from "vitest";
import { photoMarkdown } from "@/features/campaigns/lib/photo-markdown";
import type { MediaImage } from "@/lib/api-types";

describe("photoMarkdown", () => {
  it("writes the alt text without brackets and the widest JPEG", () => {
    const image = { id: 1, alt: "Zee [bij] Oostende", src: "/media/zee-1280.jpg" } as MediaImage;
    expect(photoMarkdown(image)).toBe("![Zee bij Oostende](/media/zee-1280.jpg)");
  });
});
