import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { SubscriberStatus } from "@/lib/api-types";

export interface SubscribersQuery {
  q: string;
  status: SubscriberStatus | "";
  page: number;
  perPage: number;
}

export function listSubscribers({ q, status, page, perPage }: SubscribersQuery) {
  return unwrap(
    apiClient.GET("/api/admin/subscribers", { params: { query: { q: q.trim(), status: status || undefined, page, per_page: perPage } } }),
  );
}

export function subscribersQueryOptions(query: SubscribersQuery) {
  return queryOptions({
    queryKey: ["admin", "subscribers", query],
    queryFn: () => listSubscribers(query),
    placeholderData: keepPreviousData,
  });
}

export function useSubscribers(query: SubscribersQuery) {
  return useQuery(subscribersQueryOptions(query));
}
