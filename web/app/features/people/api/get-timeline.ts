import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getPersonTimeline(email: string) {
  return unwrap(apiClient.GET("/api/admin/people/timeline", { params: { query: { email } } }));
}

export function personTimelineQueryOptions(email: string) {
  return queryOptions({
    queryKey: ["admin", "people", "timeline", email.toLowerCase()],
    queryFn: () => getPersonTimeline(email),
  });
}

/** One person's records, newest first; nothing is asked without an address. */
export function usePersonTimeline(email: string | null) {
  return useQuery({ ...personTimelineQueryOptions(email ?? ""), enabled: Boolean(email) });
}
