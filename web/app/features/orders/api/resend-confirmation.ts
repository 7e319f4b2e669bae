import { useMutation } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** Sends the order's confirmation e-mail (with its tickets) again. */
export function resendConfirmation(orderId: number) {
  return unwrap(apiClient.POST("/api/admin/orders/{id}/resend", { params: { path: { id: orderId } } }));
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
