import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function listWaitlist(eventId: number) {
  return unwrap(apiClient.GET("/api/admin/events/{id}/waitlist", { params: { path: { id: eventId } } }));
}

export function waitlistQueryOptions(eventId: number) {
  return queryOptions({ queryKey: ["admin", "waitlist", eventId], queryFn: () => listWaitlist(eventId) });
}

export function useWaitlist(eventId: number) {
  return useQuery(waitlistQueryOptions(eventId));
}

/** After a change to a list: the list itself and the seat counts (an open offer holds a seat). */
export function invalidateWaitlist(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "waitlist"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "events"] }),
  ]);
}
