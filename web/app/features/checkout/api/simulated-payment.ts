import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient, unwrap } from "@/lib/api";
import type { SimulatedButton } from "@/lib/api-types";

export function getSimulatedPayment(reference: string) {
  return unwrap(apiClient.GET("/api/payments/simulated/{reference}", { params: { path: { reference } } }));
}

/** Ends the test payment; the server sends the same webhook a real provider would. */
export function completeSimulatedPayment(reference: string, outcome: SimulatedButton) {
  return unwrap(
    apiClient.POST("/api/payments/simulated/{reference}", { params: { path: { reference } }, body: { outcome } }),
  );
}

export function simulatedPaymentQueryOptions(reference: string) {
  return queryOptions({
    queryKey: ["payments", "simulated", reference],
    queryFn: () => getSimulatedPayment(reference),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });
}

export function useSimulatedPayment(reference: string | null) {
  return useQuery({ ...simulatedPaymentQueryOptions(reference ?? ""), enabled: Boolean(reference) });
}
