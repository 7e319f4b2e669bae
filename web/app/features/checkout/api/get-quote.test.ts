import { describe, expect, it, vi } from "vitest";
import { fetchQuote } from "@/features/checkout/api/get-quote";
import { ApiError } from "@/lib/api";
import type { Quote } from "@/lib/api-types";

const quote = { total_cents: 3500 } as Quote;

describe("fetchQuote", () => {
  it("returns the quote with the coupon when it applies", async () => {
    const post = vi.fn().mockResolvedValue(quote);
    expect(await fetchQuote({ product: "vertelavond", quantity: 1, coupon: "WELKOM10" }, post)).toEqual({
      quote,
      couponError: null,
    });
  });

  it("asks again without a refused coupon and keeps the reason", async () => {
    const refused = new ApiError("Controleer je gegevens.", 422, "validation_failed", {
      coupon: "Deze kortingscode kunnen we niet gebruiken. Kijk na of je hem juist overtypte.",
    });
    const post = vi.fn().mockRejectedValueOnce(refused).mockResolvedValueOnce(quote);
    expect(await fetchQuote({ product: "vertelavond", event_id: 7, quantity: 2, coupon: "NOPE" }, post)).toEqual({
      quote,
      couponError: "Deze kortingscode kunnen we niet gebruiken. Kijk na of je hem juist overtypte.",
    });
    expect(post).toHaveBeenLastCalledWith({ product: "vertelavond", event_id: 7, quantity: 2 });
  });

  it("passes other errors on (sold out, bad quantity)", async () => {
    const soldOut = new ApiError("Deze datum is uitverkocht.", 409, "conflict");
    const post = vi.fn().mockRejectedValue(soldOut);
    await expect(fetchQuote({ product: "vertelavond", quantity: 1, coupon: "X" }, post)).rejects.toBe(soldOut);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
