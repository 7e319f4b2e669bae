import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import { notificationSettingsQueryOptions } from "@/features/notifications/api/notification-settings";

/** Makes a new calendar feed link; the previous one stops working. */
export function useRenewCalendarLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(apiClient.POST("/api/admin/notifications/calendar-link")),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryOptions.queryKey }),
  });
}
