import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SimulatedOutcome, SimulatedPayment, SimulatedPaymentResult } from "@/features/checkout/api/types";
import { api, ApiError } from "@/lib/api";

export function getSimulatedPayment(ref: string): Promise<SimulatedPayment> {
  return api<SimulatedPayment>(`/api/payments/simulated/${encodeURIComponent(ref)}`);
}

/** Ends the test payment; the server sends the same webhook a real provider would. */
export function completeSimulatedPayment(ref: string, outcome: SimulatedOutcome): Promise<SimulatedPaymentResult> {
  return api<SimulatedPaymentResult>(`/api/payments/simulated/${encodeURIComponent(ref)}`, {
    method: "POST",
    body: { outcome },
  });
}

export function simulatedPaymentQueryOptions(ref: string) {
  return queryOptions({
    queryKey: ["payments", "simulated", ref],
    queryFn: () => getSimulatedPayment(ref),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 1,
  });
}

export function useSimulatedPayment(ref: string | null) {
  return useQuery({ ...simulatedPaymentQueryOptions(ref ?? ""), enabled: Boolean(ref) });
}
