import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { When } from "@/lib/api-types";

export function adminIntroCallsQueryOptions(query: { when: When; page: number; perPage: number }) {
  return queryOptions({
    queryKey: ["admin", "intro-calls", query],
    queryFn: () =>
      unwrap(
        apiClient.GET("/api/admin/intro-calls", {
          params: { query: { when: query.when, page: query.page, per_page: query.perPage } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminIntroCalls(query: { when: When; page: number; perPage: number }) {
  return useQuery(adminIntroCallsQueryOptions(query));
}

/** Sets a video call's own meeting link (empty: the default of Meldingen); the visitor gets it by e-mail. */
export function useSetMeetingLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, meetingUrl }: { id: number; meetingUrl: string | null }) =>
      unwrap(
        apiClient.PUT("/api/admin/intro-calls/{id}/meeting-link", {
          params: { path: { id } },
          body: { meeting_url: meetingUrl },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "intro-calls"] }),
  });
}

/** Cancels a call; the visitor gets `message` by e-mail. */
export function useCancelIntroCall() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, message }: { id: number; message: string }) =>
      unwrap(apiClient.POST("/api/admin/intro-calls/{id}/cancel", { params: { path: { id } }, body: { message } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "intro-calls"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "today"] }),
        queryClient.invalidateQueries({ queryKey: ["intro-calls"] }),
      ]),
  });
}
