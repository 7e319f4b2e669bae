import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface PeopleQuery {
  q: string;
  page: number;
  perPage: number;
}

export function listPeople({ q, page, perPage }: PeopleQuery) {
  return unwrap(apiClient.GET("/api/admin/people", { params: { query: { q: q.trim(), page, per_page: perPage } } }));
}

export function peopleQueryOptions(query: PeopleQuery) {
  return queryOptions({
    queryKey: ["admin", "people", "list", query],
    queryFn: () => listPeople(query),
    placeholderData: keepPreviousData,
  });
}

export function usePeople(query: PeopleQuery) {
  return useQuery(peopleQueryOptions(query));
}
