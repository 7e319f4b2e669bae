import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAdminSelfTest } from "@/features/selftest/api/get-admin-selftest";
import { apiClient, unwrap } from "@/lib/api";

/** Freezes the saved draft as the next version; a 422 lists what to fix first. */
export function publishSelfTest() {
  return unwrap(apiClient.POST("/api/admin/selftest/publish"));
}

export function usePublishSelfTest() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishSelfTest, onSuccess: () => invalidateAdminSelfTest(queryClient) });
}
