import { describe, expect, it } from "vitest";
import { formatEventWhen, isBookable, maxQuantity, seatsLabel, venueLine } from "@/lib/availability";

describe("formatEventWhen", () => {
  it("writes one evening in Brussels time", () => {
    expect(formatEventWhen("2025-11-27T18:30:00Z", "2025-11-27T21:00:00Z")).toBe(
      "donderdag 27 november 2025, 19:30–22:00",
    );
  });

  it("uses summer time in summer", () => {
    expect(formatEventWhen("2026-06-04T17:30:00Z", "2026-06-04T20:00:00Z")).toBe(
      "donderdag 4 juni 2026, 19:30–22:00",
    );
  });

  it("writes a course of several days from start to end", () => {
    expect(formatEventWhen("2026-01-19T08:30:00Z", "2026-01-21T16:00:00Z")).toBe(
      "maandag 19 januari 2026, 09:30 tot woensdag 21 januari 2026, 17:00",
    );
  });

  it("writes only the start without an end", () => {
    expect(formatEventWhen("2025-11-27T18:30:00Z", null)).toBe("donderdag 27 november 2025, 19:30");
  });
});

describe("seats", () => {
  it("counts the seats left in words", () => {
    expect(seatsLabel(4)).toBe("Nog 4 plaatsen");
    expect(seatsLabel(1)).toBe("Nog 1 plaats");
    expect(seatsLabel(0)).toBe("Uitverkocht");
    expect(seatsLabel(-2)).toBe("Uitverkocht");
  });

  it("books only published dates with seats left", () => {
    expect(isBookable({ seats_left: 3, status: "published" })).toBe(true);
    expect(isBookable({ seats_left: 0, status: "published" })).toBe(false);
    expect(isBookable({ seats_left: 3, status: "cancelled" })).toBe(false);
  });

  it("bounds an order by the per-order maximum and the seats left", () => {
    expect(maxQuantity(10, 4)).toBe(4);
    expect(maxQuantity(10, 18)).toBe(10);
    expect(maxQuantity(1, 8)).toBe(1);
    expect(maxQuantity(10, 0)).toBe(0);
    expect(maxQuantity(10, null)).toBe(10);
    expect(maxQuantity(0, null)).toBe(1);
  });
});

describe("venueLine", () => {
  it("joins the address parts", () => {
    expect(
      venueLine({ venue_name: "Zaal De Bron", street: "Voorbeeldstraat 1", postal_code: "2800", city: "Mechelen", online_url: null }),
    ).toBe("Zaal De Bron, Voorbeeldstraat 1, 2800 Mechelen");
  });

  it("says online for an online date and nothing when unknown", () => {
    expect(venueLine({ venue_name: null, street: null, postal_code: null, city: null, online_url: "https://x" })).toBe("Online");
    expect(venueLine({ venue_name: null, street: null, postal_code: null, city: null, online_url: null })).toBeNull();
  });
});
