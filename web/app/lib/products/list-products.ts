// The product catalogue (public endpoints), shared by the product pages, the checkout and the admin forms.
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** The active products (public endpoint): the choices for a coupon's product restriction, the default price of a new date. */
export function listProducts() {
  return unwrap(apiClient.GET("/api/products"));
}

export const productsQueryOptions = queryOptions({
  queryKey: ["products"],
  queryFn: listProducts,
  staleTime: 5 * 60 * 1000,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
