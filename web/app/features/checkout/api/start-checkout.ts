import type { CheckoutRequest, CheckoutStarted } from "@/features/checkout/api/types";
import { api } from "@/lib/api";

/** Creates the pending order (or returns the one made earlier with the same idempotency key). */
export function startCheckout(body: CheckoutRequest): Promise<CheckoutStarted> {
  return api<CheckoutStarted>("/api/checkout", { method: "POST", body });
}
