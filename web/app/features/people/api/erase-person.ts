import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** Erases everything about the address in one go; answers the record of the erasure. */
export function erasePerson(body: { email: string; confirmation: string }) {
  return unwrap(apiClient.POST("/api/admin/people/erase", { body }));
}

export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: erasePerson,
    // Every admin list may have held the person (orders, tickets, messages, subscribers, ...).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin"] }),
  });
}
