import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { AvailabilityForm } from "@/lib/api-types";

export const availabilityQueryOptions = queryOptions({
  queryKey: ["admin", "availability"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/availability")),
});

export function useAvailability() {
  return useQuery(availabilityQueryOptions);
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityForm) => unwrap(apiClient.PUT("/api/admin/availability", { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityQueryOptions.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ["intro-calls"] });
    },
  });
}
