import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { EventKind } from "@/lib/api-types";

export function getUpcomingEvents(kind: EventKind) {
  return unwrap(apiClient.GET("/api/events/upcoming", { params: { query: { kind } } }));
}

export function upcomingEventsQueryOptions(kind: EventKind) {
  return queryOptions({
    queryKey: ["events", "upcoming", kind],
    queryFn: () => getUpcomingEvents(kind),
    retry: 1,
    staleTime: 60 * 1000,
  });
}

export function useUpcomingEvents(kind: EventKind) {
  return useQuery(upcomingEventsQueryOptions(kind));
}
