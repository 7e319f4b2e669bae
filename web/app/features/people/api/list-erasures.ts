import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function erasuresQueryOptions({ page, perPage }: { page: number; perPage: number }) {
  return queryOptions({
    queryKey: ["admin", "people", "erasures", page, perPage],
    queryFn: () => unwrap(apiClient.GET("/api/admin/people/erasures", { params: { query: { page, per_page: perPage } } })),
    placeholderData: keepPreviousData,
  });
}

export function useErasures(query: { page: number; perPage: number }) {
  return useQuery(erasuresQueryOptions(query));
}
