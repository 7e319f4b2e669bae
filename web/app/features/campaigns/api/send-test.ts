import { useMutation } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function sendTest(id: number) {
  return unwrap(apiClient.POST("/api/admin/campaigns/{id}/test", { params: { path: { id } } }));
}

/** A test mail to the signed-in admin. */
export function useSendTest() {
  return useMutation({ mutationFn: sendTest });
}
