import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getSlots() {
  return unwrap(apiClient.GET("/api/intro-calls/slots"));
}

export const slotsQueryOptions = queryOptions({
  queryKey: ["intro-calls", "slots"],
  queryFn: getSlots,
  retry: 1,
});

export function useSlots() {
  return useQuery(slotsQueryOptions);
}
