import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { ReviewList } from "@/lib/api-types";

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

/** The list the server wrote into the page it sent (`#live-reviews`); none while prerendering. */
function listInPage(): ReviewList | undefined {
  if (typeof document === "undefined") return undefined;
  const block = document.getElementById("live-reviews");
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as ReviewList;
  } catch {
    return undefined;
  }
}

export const reviewsQueryOptions = queryOptions({
  queryKey: ["reviews"],
  queryFn: getReviews,
  retry: false,
  staleTime: 5 * 60 * 1000,
  // The first render equals the server's HTML of the page.
  initialData: listInPage(),
});

export function useReviews() {
  return useQuery(reviewsQueryOptions);
}
