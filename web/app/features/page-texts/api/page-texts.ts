import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export const pageTextsQueryOptions = queryOptions({
  queryKey: ["admin", "page-texts"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/page-texts")),
});

/** Every public page with its blocks, saved and default texts. */
export function usePageTexts() {
  return useQuery(pageTextsQueryOptions);
}

const historyKey = (key: string) => ["admin", "page-texts", key, "history"];

/** A block's saved versions, newest first. */
export function usePageBlockHistory(key: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKey(key),
    queryFn: () => unwrap(apiClient.GET("/api/admin/page-texts/{key}/history", { params: { path: { key } } })),
    enabled,
  });
}

/** The block's text as the server would show it (pass the debounced Markdown). */
export function usePageBlockPreview(key: string, markdown: string, enabled = true) {
  return useQuery({
    queryKey: ["admin", "page-texts", key, "preview", markdown],
    queryFn: () =>
      unwrap(apiClient.POST("/api/admin/page-texts/{key}/preview", { params: { path: { key } }, body: { markdown } })),
    enabled: enabled && markdown.trim() !== "",
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Save, reset to the default, or restore a version; the list and the history follow. */
export function usePageBlockActions(key: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: pageTextsQueryOptions.queryKey, exact: true }),
      queryClient.invalidateQueries({ queryKey: historyKey(key) }),
    ]);
  const path = { params: { path: { key } } };
  return {
    save: useMutation({
      mutationFn: (markdown: string) =>
        unwrap(apiClient.PUT("/api/admin/page-texts/{key}", { ...path, body: { markdown } })),
      onSuccess,
    }),
    reset: useMutation({
      mutationFn: () => unwrap(apiClient.DELETE("/api/admin/page-texts/{key}", path)),
      onSuccess,
    }),
    restore: useMutation({
      mutationFn: (id: number) =>
        unwrap(
          apiClient.POST("/api/admin/page-texts/{key}/history/{id}/restore", { params: { path: { key, id } } }),
        ),
      onSuccess,
    }),
  };
}
