import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export const MAX_REVIEWS = 12;

export async function getReviews() {
  try {
    return await unwrap(apiClient.GET("/api/reviews"));
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
