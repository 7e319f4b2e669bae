import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface TicketsQuery {
  eventId: number;
  q: string;
  page: number;
  perPage: number;
}

export function listTickets({ eventId, q, page, perPage }: TicketsQuery) {
  return unwrap(
    apiClient.GET("/api/admin/events/{id}/tickets", {
      params: { path: { id: eventId }, query: { q: q.trim(), page, per_page: perPage } },
    }),
  );
}

export function ticketsQueryOptions(query: TicketsQuery) {
  return queryOptions({
    queryKey: ["admin", "tickets", query.eventId, query],
    queryFn: () => listTickets(query),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(query: TicketsQuery) {
  return useQuery(ticketsQueryOptions(query));
}

/**
 * After a ticket changed: its list, the events' seat counts, the dashboard and the orders
 * (their detail lists the tickets) are out of date.
 */
export function invalidateTickets(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "tickets"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "events"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "today"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
    queryClient.invalidateQueries({ queryKey: ["events"] }),
  ]);
}
