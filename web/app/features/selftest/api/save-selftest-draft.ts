import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAdminSelfTest } from "@/features/selftest/api/get-admin-selftest";
import { apiClient, unwrap } from "@/lib/api";
import type { SelfTestDefinition } from "@/lib/api-types";

export function saveSelfTestDraft(definition: SelfTestDefinition) {
  return unwrap(apiClient.PUT("/api/admin/selftest", { body: definition }));
}

export function useSaveSelfTestDraft() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveSelfTestDraft, onSuccess: () => invalidateAdminSelfTest(queryClient) });
}
