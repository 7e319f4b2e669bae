import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi, adminPath } from "@/lib/admin-fetch";
import type { SubscriberPage, SubscriberStatus } from "@/lib/api-types";

export interface SubscribersQuery {
  q: string;
  status: SubscriberStatus | "";
  page: number;
  perPage: number;
}

export function listSubscribers({ q, status, page, perPage }: SubscribersQuery): Promise<SubscriberPage> {
  return adminApi<SubscriberPage>(
    adminPath("/api/admin/subscribers", { q: q.trim(), status, page, per_page: perPage }),
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
