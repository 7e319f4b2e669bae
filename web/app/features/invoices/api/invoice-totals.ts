import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** A year's invoice totals per month and quarter (credit notes subtracted). */
export function getInvoiceTotals(year: number | null) {
  return unwrap(apiClient.GET("/api/admin/invoices/totals", { params: { query: { year: year ?? undefined } } }));
}

export function invoiceTotalsQueryOptions(year: number | null) {
  return queryOptions({
    queryKey: ["admin", "invoices", "totals", year],
    queryFn: () => getInvoiceTotals(year),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceTotals(year: number | null) {
  return useQuery(invoiceTotalsQueryOptions(year));
}
