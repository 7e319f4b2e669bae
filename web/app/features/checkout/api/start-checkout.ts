import { apiClient, unwrap } from "@/lib/api";
import type { CheckoutRequest } from "@/lib/api-types";

/** Creates the pending order (or returns the one made earlier with the same idempotency key). */
export function startCheckout(body: CheckoutRequest) {
  return unwrap(apiClient.POST("/api/checkout", { body }));
}
