import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getConsent(product: string) {
  return unwrap(apiClient.GET("/api/checkout/consent", { params: { query: { product } } }));
}

export function consentQueryOptions(product: string) {
  return queryOptions({
    queryKey: ["checkout", "consent", product],
    queryFn: () => getConsent(product),
    staleTime: Infinity,
  });
}

/** The exact consent text the server stores with an order of this product. */
export function useConsent(product: string | null) {
  return useQuery({ ...consentQueryOptions(product ?? ""), enabled: Boolean(product) });
}
