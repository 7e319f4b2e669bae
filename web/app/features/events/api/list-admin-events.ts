import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { EventKind, When } from "@/lib/api-types";

export interface AdminEventsQuery {
  kind: EventKind;
  when: When;
  page: number;
  perPage: number;
}

export function listAdminEvents({ kind, when, page, perPage }: AdminEventsQuery) {
  return unwrap(apiClient.GET("/api/admin/events", { params: { query: { kind, when, page, per_page: perPage } } }));
}

export function adminEventsQueryOptions(query: AdminEventsQuery) {
  return queryOptions({
    queryKey: ["admin", "events", query],
    queryFn: () => listAdminEvents(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminEvents(query: AdminEventsQuery) {
  return useQuery(adminEventsQueryOptions(query));
}

/** After a change: the admin lists, the dashboard and the public event lists are out of date. */
export function invalidateEvents(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "events"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "today"] }),
    queryClient.invalidateQueries({ queryKey: ["events"] }),
  ]);
}
