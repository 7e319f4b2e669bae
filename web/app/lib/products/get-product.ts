// The product catalogue (public endpoints), shared by the product pages, the checkout and the admin forms.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient, unwrap } from "@/lib/api";

export function getProduct(slug: string) {
  return unwrap(apiClient.GET("/api/products/{slug}", { params: { path: { slug } } }));
}

export function productQueryOptions(slug: string) {
  return queryOptions({
    queryKey: ["products", slug],
    queryFn: () => getProduct(slug),
    // An unknown or inactive product (404) will not appear by asking again.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
    staleTime: 30 * 1000,
  });
}

/** The product with its live price and upcoming dates (client-side only: the pages are prerendered). */
export function useProduct(slug: string | null) {
  return useQuery({ ...productQueryOptions(slug ?? ""), enabled: Boolean(slug) });
}
