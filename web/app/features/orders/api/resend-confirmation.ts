import { useMutation } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";

/** Sends the order's confirmation e-mail (with its tickets) again. */
export function resendConfirmation(orderId: number): Promise<void> {
  return adminApi<void>(`/api/admin/orders/${orderId}/resend`, { method: "POST" });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation });
}
