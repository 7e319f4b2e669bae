import { apiClient, unwrap } from "@/lib/api";
import type { BookingRequest } from "@/lib/api-types";

/** 409 (with "dit moment is net geboekt") when someone else was just faster. */
export function bookCall(body: BookingRequest) {
  return unwrap(apiClient.POST("/api/intro-calls", { body }));
}
