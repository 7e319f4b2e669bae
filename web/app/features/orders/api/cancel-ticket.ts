import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateTickets } from "@/features/orders/api/list-tickets";
import { apiClient, unwrap } from "@/lib/api";

/** Cancels a ticket; its seat becomes free again. */
export function cancelTicket(id: number) {
  return unwrap(apiClient.POST("/api/admin/tickets/{id}/cancel", { params: { path: { id } } }));
}

export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelTicket, onSuccess: () => invalidateTickets(queryClient) });
}
