import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateTickets } from "@/features/tickets/api/list-tickets";
import type { Ticket } from "@/features/tickets/api/types";

/** Cancels a ticket; its seat becomes free again. */
export function cancelTicket(id: number): Promise<Ticket> {
  return adminApi<Ticket>(`/api/admin/tickets/${id}/cancel`, { method: "POST" });
}

export function useCancelTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelTicket, onSuccess: () => invalidateTickets(queryClient) });
}
