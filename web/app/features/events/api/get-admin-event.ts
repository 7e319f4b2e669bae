import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getAdminEvent(id: number) {
  return unwrap(apiClient.GET("/api/admin/events/{id}", { params: { path: { id } } }));
}

export function adminEventQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["admin", "events", "detail", id],
    queryFn: () => getAdminEvent(id),
  });
}

/** One event by id (a link such as ?activiteit=ID opens it); nothing is asked without an id. */
export function useAdminEvent(id: number | null) {
  return useQuery({ ...adminEventQueryOptions(id ?? 0), enabled: id !== null });
}
