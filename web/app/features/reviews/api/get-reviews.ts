import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ReviewsResponse } from "@/lib/api-types";

export const MAX_REVIEWS = 12;

export async function getReviews(): Promise<ReviewsResponse> {
  try {
    return await api<ReviewsResponse>("/api/reviews");
  } catch (error) {
    // Spec: a failed fetch is only logged; the sample testimonials show.
    console.error("Reviews konden niet geladen worden:", error);
    throw error;
  }
}

export const reviewsQueryOptions = queryOptions({
  queryKey: ["reviews"],
  queryFn: getReviews,
  retry: false,
  staleTime: 5 * 60 * 1000,
});

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
