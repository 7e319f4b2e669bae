import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminApi, adminPath } from "@/lib/admin-fetch";
import type { IntroCall, IntroCallPage } from "@/lib/api-types";

export type CallWhen = "upcoming" | "past";

export function adminIntroCallsQueryOptions(query: { when: CallWhen; page: number; perPage: number }) {
  return queryOptions({
    queryKey: ["admin", "intro-calls", query],
    queryFn: () =>
      adminApi<IntroCallPage>(
        adminPath("/api/admin/intro-calls", { when: query.when, page: query.page, per_page: query.perPage }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminIntroCalls(query: { when: CallWhen; page: number; perPage: number }) {
  return useQuery(adminIntroCallsQueryOptions(query));
}

/** Cancels a call; the visitor gets `message` by e-mail. */
export function useCancelIntroCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      adminApi<IntroCall>(`/api/admin/intro-calls/${id}/cancel`, { method: "POST", body: { message } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "intro-calls"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
        queryClient.invalidateQueries({ queryKey: ["intro-calls"] }),
      ]),
  });
}
