import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import type { AdminOrderDetail } from "@/features/orders/api/types";

export function getOrder(id: number): Promise<AdminOrderDetail> {
  return adminApi<AdminOrderDetail>(`/api/admin/orders/${id}`);
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
