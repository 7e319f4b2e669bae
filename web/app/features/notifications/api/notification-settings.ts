import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { NotificationSettingsForm } from "@/lib/api-types";

export const notificationSettingsQueryOptions = queryOptions({
  queryKey: ["admin", "notifications"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/notifications")),
});

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions);
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsForm) => unwrap(apiClient.PUT("/api/admin/notifications", { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationSettingsQueryOptions.queryKey, saved);
      // Intro calls show the default meeting link.
      return queryClient.invalidateQueries({ queryKey: ["admin", "intro-calls"] });
    },
  });
}
