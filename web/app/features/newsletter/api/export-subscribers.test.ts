import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "@/features/newsletter/api/export-subscribers";

describe("filenameFromDisposition", () => {
  it("reads the server's file name", () => {
    expect(filenameFromDisposition('attachment; filename="nieuwsbrief-abonnees.csv"')).toBe("nieuwsbrief-abonnees.csv");
    expect(filenameFromDisposition("attachment; filename=lijst.csv")).toBe("lijst.csv");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''abonn%C3%A9s.csv")).toBe("abonnés.csv");
  });

  it("falls back to the default name", () => {
    expect(filenameFromDisposition(null)).toBe("nieuwsbrief-abonnees.csv");
    expect(filenameFromDisposition("attachment")).toBe("nieuwsbrief-abonnees.csv");
  });
});
