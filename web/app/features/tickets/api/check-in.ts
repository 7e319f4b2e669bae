import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateTickets } from "@/features/tickets/api/list-tickets";
import type { CheckInResult, Ticket } from "@/features/tickets/api/types";

/** Checks in by the code on the ticket (typed or scanned); 404 unknown, 409 already in or cancelled. */
export function checkInByCode(code: string): Promise<CheckInResult> {
  return adminApi<CheckInResult>("/api/admin/tickets/check-in", { method: "POST", body: { code } });
}

/** Checks in one ticket from the list. */
export function checkInTicket(id: number): Promise<Ticket> {
  return adminApi<Ticket>(`/api/admin/tickets/${id}/check-in`, { method: "POST" });
}

export function useCheckInByCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkInByCode, onSuccess: () => invalidateTickets(queryClient) });
}

export function useCheckInTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: checkInTicket, onSuccess: () => invalidateTickets(queryClient) });
}
