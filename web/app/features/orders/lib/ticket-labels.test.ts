import { describe, expect, it } from "vitest";
import { normalizeTicketCode, seatsTakenLabel, ticketStatusLabel, ticketStatusTone } from "@/features/orders/lib/ticket-labels";

describe("ticket labels", () => {
  it("names the statuses in Dutch", () => {
    expect(ticketStatusLabel("valid")).toBe("Geldig");
    expect(ticketStatusLabel("checked_in")).toBe("Ingecheckt");
    expect(ticketStatusLabel("cancelled")).toBe("Geannuleerd");
    expect(ticketStatusTone("cancelled")).toBe("red");
  });

  it("cleans up a typed or scanned code", () => {
    expect(normalizeTicketCode("  ab12-cd34 \n")).toBe("AB12-CD34");
    expect(normalizeTicketCode("ab12 cd34")).toBe("AB12CD34");
    expect(normalizeTicketCode("https://example.org/ticket?code=ab12cd34")).toBe("AB12CD34");
    expect(normalizeTicketCode("https://example.org/t/ab12cd34")).toBe("AB12CD34");
    expect(normalizeTicketCode("   ")).toBe("");
  });

  it("counts seats", () => {
    expect(seatsTakenLabel(7, 10)).toBe("7 / 10 plaatsen bezet");
    expect(seatsTakenLabel(0, 1)).toBe("0 / 1 plaats bezet");
  });
});
