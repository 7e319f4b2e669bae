import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import type { AvailabilityForm } from "@/lib/api-types";

export const availabilityQueryOptions = queryOptions({
  queryKey: ["admin", "availability"],
  queryFn: () => adminApi<AvailabilityForm>("/api/admin/availability"),
});

export function useAvailability() {
  return useQuery(availabilityQueryOptions);
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AvailabilityForm) =>
      adminApi<AvailabilityForm>("/api/admin/availability", { method: "PUT", body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityQueryOptions.queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ["intro-calls"] });
    },
  });
}
