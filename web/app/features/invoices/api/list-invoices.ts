import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface InvoicesQuery {
  q: string;
  /** First and last day (`YYYY-MM-DD`) of the period shown. */
  from: string;
  to: string;
  page: number;
  perPage: number;
}

export function listInvoices({ q, from, to, page, perPage }: InvoicesQuery) {
  return unwrap(
    apiClient.GET("/api/admin/invoices", {
      params: { query: { q: q.trim(), from: from || undefined, to: to || undefined, page, per_page: perPage } },
    }),
  );
}

export function invoicesQueryOptions(query: InvoicesQuery) {
  return queryOptions({
    queryKey: ["admin", "invoices", "list", query],
    queryFn: () => listInvoices(query),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(query: InvoicesQuery) {
  return useQuery(invoicesQueryOptions(query));
}
