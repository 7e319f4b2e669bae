import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Quote, QuoteRequest } from "@/features/checkout/api/types";
import { api, ApiError } from "@/lib/api";

export function postQuote(body: QuoteRequest): Promise<Quote> {
  return api<Quote>("/api/checkout/quote", { method: "POST", body });
}

/** A quote, plus the reason a coupon was refused (the quote is then the price without it). */
export interface QuoteResult {
  quote: Quote;
  couponError: string | null;
}

/**
 * Asks for the price. A refused coupon (422 `fields.coupon`) is not a dead end: the price
 * without the coupon is asked for, so the breakdown stays right next to the coupon's error.
 */
export async function fetchQuote(body: QuoteRequest, post: typeof postQuote = postQuote): Promise<QuoteResult> {
  try {
    return { quote: await post(body), couponError: null };
  } catch (error) {
    const couponError = error instanceof ApiError ? error.fields?.coupon : undefined;
    if (body.coupon && couponError) {
      const { coupon: _refused, ...withoutCoupon } = body;
      return { quote: await post(withoutCoupon), couponError };
    }
    throw error;
  }
}

export function quoteQueryOptions(body: QuoteRequest) {
  return queryOptions({
    queryKey: ["checkout", "quote", body],
    queryFn: () => fetchQuote(body),
    // A 4xx (sold out, bad quantity) is an answer, not a hiccup.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    staleTime: 15 * 1000,
    placeholderData: keepPreviousData,
  });
}

export function useQuote(body: QuoteRequest | null) {
  return useQuery({
    ...quoteQueryOptions(body ?? { product: "", quantity: 1 }),
    enabled: body !== null,
  });
}
