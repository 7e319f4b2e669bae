import { describe, expect, it } from "vitest";
import { filenameFromDisposition } from "@/lib/download";

describe("filenameFromDisposition", () => {
  it("reads the server's file name", () => {
    expect(filenameFromDisposition('attachment; filename="nieuwsbrief-abonnees.csv"', "x.csv")).toBe(
      "nieuwsbrief-abonnees.csv",
    );
    expect(filenameFromDisposition("attachment; filename=lijst.csv", "x.csv")).toBe("lijst.csv");
    expect(filenameFromDisposition("attachment; filename*=UTF-8''abonn%C3%A9s.csv", "x.csv")).toBe("abonnés.csv");
  });

  it("falls back to the default name", () => {
    expect(filenameFromDisposition(null, "nieuwsbrief-abonnees.csv")).toBe("nieuwsbrief-abonnees.csv");
    expect(filenameFromDisposition("attachment", "nieuwsbrief-abonnees.csv")).toBe("nieuwsbrief-abonnees.csv");
  });
});
