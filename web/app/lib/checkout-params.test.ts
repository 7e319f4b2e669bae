import { describe, expect, it } from "vitest";
import { checkoutHref, parseCheckoutParams } from "@/lib/checkout-params";

describe("parseCheckoutParams", () => {
  it("reads product, event and quantity", () => {
    expect(parseCheckoutParams(new URLSearchParams("product=vertelavond&event=12&qty=2"))).toEqual({
      product: "vertelavond",
      eventId: 12,
      quantity: 2,
      offer: null,
    });
  });

  it("reads a waiting-list offer token and drops anything else", () => {
    const token = "Ab3_-x".repeat(7);
    expect(parseCheckoutParams(new URLSearchParams(`product=vertelavond&event=12&offer=${token}`)).offer).toBe(token);
    expect(parseCheckoutParams(new URLSearchParams("product=vertelavond&offer=kort")).offer).toBeNull();
    expect(parseCheckoutParams(new URLSearchParams("product=vertelavond&offer=%3Cscript%3E".repeat(3))).offer).toBeNull();
  });

  it("drops what is not a slug or a positive whole number", () => {
    expect(parseCheckoutParams(new URLSearchParams("product=../x&event=-1&qty=1.5"))).toEqual({
      product: null,
      eventId: null,
      quantity: null,
      offer: null,
    });
    expect(parseCheckoutParams(new URLSearchParams("event=0&qty=abc"))).toEqual({
      product: null,
      eventId: null,
      quantity: null,
      offer: null,
    });
  });
});

describe("checkoutHref", () => {
  it("builds the link the catalogue and the retry button use", () => {
    expect(checkoutHref({ product: "spiegelgevecht" })).toBe("/checkout?product=spiegelgevecht");
    expect(checkoutHref({ product: "vertelavond", eventId: 4, quantity: 2 })).toBe(
      "/checkout?product=vertelavond&event=4&qty=2",
    );
    expect(checkoutHref({ product: "vertelavond", eventId: 4, quantity: 1 })).toBe("/checkout?product=vertelavond&event=4");
  });

  it("round-trips through the parser", () => {
    const href = checkoutHref({ product: "zelfbeeld-ommekeer", eventId: 9, quantity: 3 });
    expect(parseCheckoutParams(new URLSearchParams(href.split("?")[1]))).toEqual({
      product: "zelfbeeld-ommekeer",
      eventId: 9,
      quantity: 3,
      offer: null,
    });
  });
});
