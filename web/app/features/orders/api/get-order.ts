import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getOrder(id: number) {
  return unwrap(apiClient.GET("/api/admin/orders/{id}", { params: { path: { id } } }));
}

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["admin", "orders", "detail", id],
    queryFn: () => getOrder(id),
  });
}

export function useOrder(id: number | null) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== null });
}
