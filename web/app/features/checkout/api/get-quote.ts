import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient, unwrap } from "@/lib/api";
import type { OrderRequest, Quote } from "@/lib/api-types";

export function postQuote(body: OrderRequest) {
  return unwrap(apiClient.POST("/api/checkout/quote", { body }));
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
export async function fetchQuote(body: OrderRequest, post: typeof postQuote = postQuote): Promise<QuoteResult> {
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

export function quoteQueryOptions(body: OrderRequest) {
  return queryOptions({
    queryKey: ["checkout", "quote", body],
    queryFn: () => fetchQuote(body),
    // A 4xx (sold out, bad quantity) is an answer, not a hiccup.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    staleTime: 15 * 1000,
    placeholderData: keepPreviousData,
  });
}

export function useQuote(body: OrderRequest | null) {
  return useQuery({
    ...quoteQueryOptions(body ?? { product: "", quantity: 1 }),
    enabled: body !== null,
  });
}
