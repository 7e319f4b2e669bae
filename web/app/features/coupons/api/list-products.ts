import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Product } from "@/features/coupons/api/types";
import { api } from "@/lib/api";

/** The active products (public endpoint): the choices for a coupon's product restriction. */
export function listProducts(): Promise<Product[]> {
  return api<Product[]>("/api/products");
}

export const productsQueryOptions = queryOptions({
  queryKey: ["products"],
  queryFn: listProducts,
  staleTime: 5 * 60 * 1000,
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}
