import { api } from "@/lib/api";
import type { BookingRequest, BookingResponse } from "@/lib/api-types";

/** 409 (with "dit moment is net geboekt") when someone else was just faster. */
export function bookCall(body: BookingRequest): Promise<BookingResponse> {
  return api<BookingResponse>("/api/intro-calls", { method: "POST", body });
}
