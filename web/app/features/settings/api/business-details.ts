import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { BusinessDetailsForm } from "@/lib/api-types";

export const businessDetailsQueryOptions = queryOptions({
  queryKey: ["admin", "settings"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/settings")),
});

export function useBusinessDetails() {
  return useQuery(businessDetailsQueryOptions);
}

export function useSaveBusinessDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessDetailsForm) =>
      unwrap(apiClient.PUT("/api/admin/settings", { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(businessDetailsQueryOptions.queryKey, saved);
      // The sample banner and the go-live checklist follow the details.
      return queryClient.invalidateQueries({ queryKey: ["admin", "go-live"] });
    },
  });
}
