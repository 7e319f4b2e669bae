import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { EventKind, UpcomingEventsResponse } from "@/lib/api-types";

export function getUpcomingEvents(kind: EventKind): Promise<UpcomingEventsResponse> {
  return api<UpcomingEventsResponse>(`/api/events/upcoming?kind=${encodeURIComponent(kind)}`);
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
