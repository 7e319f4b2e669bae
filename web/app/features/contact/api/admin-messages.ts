import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { Folder, MessageStatus } from "@/lib/api-types";

export function adminMessagesQueryOptions(query: { folder: Folder; page: number; perPage: number; q: string }) {
  return queryOptions({
    queryKey: ["admin", "messages", query],
    queryFn: () =>
      unwrap(
        apiClient.GET("/api/admin/messages", {
          params: { query: { folder: query.folder, page: query.page, per_page: query.perPage, q: query.q } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMessages(query: { folder: Folder; page: number; perPage: number; q: string }) {
  return useQuery(adminMessagesQueryOptions(query));
}

function invalidate(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "messages"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "today"] }),
  ]);
}

export function useSetMessageStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: MessageStatus }) =>
      unwrap(apiClient.PUT("/api/admin/messages/{id}/status", { params: { path: { id } }, body: { status } })),
    onSuccess: () => invalidate(queryClient),
  });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => unwrap(apiClient.DELETE("/api/admin/messages/{id}", { params: { path: { id } } })),
    onSuccess: () => invalidate(queryClient),
  });
}
