import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateTickets } from "@/features/orders/api/list-tickets";
import { apiClient, unwrap } from "@/lib/api";

/** Checks in by the code on the ticket (typed or scanned); 404 unknown, 409 already in or cancelled. */
export function checkInByCode(code: string) {
  return unwrap(apiClient.POST("/api/admin/tickets/check-in", { body: { code } }));
}

/** Checks in one ticket from the list. */
export function checkInTicket(id: number) {
  return unwrap(apiClient.POST("/api/admin/tickets/{id}/check-in", { params: { path: { id } } }));
}

export function useCheckInByCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkInByCode, onSuccess: () => invalidateTickets(queryClient) });
}

export function useCheckInTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkInTicket, onSuccess: () => invalidateTickets(queryClient) });
}
