import { describe, expect, it } from "vitest";
import { decodeCsv } from "@/features/newsletter/lib/read-csv-file";

describe("decodeCsv", () => {
  it("reads UTF-8 with its BOM dropped, and Windows-1252 from old Excel", () => {
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("naam;e-mail\nRenée;r@example.be\n")]);
    expect(decodeCsv(utf8.buffer)).toBe("naam;e-mail\nRenée;r@example.be\n");
    const latin = new Uint8Array([0x52, 0x65, 0x6e, 0xe9, 0x65]);
    expect(decodeCsv(latin.buffer)).toBe("Renée");
  });
});
