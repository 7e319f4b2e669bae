import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export const goLiveQueryOptions = queryOptions({
  queryKey: ["admin", "go-live"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/go-live")),
});

export function useGoLive() {
  return useQuery(goLiveQueryOptions);
}

export function useSendTestMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(apiClient.POST("/api/admin/go-live/test-mail")),
    onSuccess: (list) =>
      queryClient.setQueryData(goLiveQueryOptions.queryKey, list),
  });
}

export function useSetLegalPagesReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reviewed: boolean) =>
      unwrap(
        apiClient.PUT("/api/admin/go-live/legal-pages", { body: { reviewed } }),
      ),
    onSuccess: (list) =>
      queryClient.setQueryData(goLiveQueryOptions.queryKey, list),
  });
}
