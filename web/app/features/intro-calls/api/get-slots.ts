import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { SlotList } from "@/lib/api-types";

export function getSlots(): Promise<SlotList> {
  return api<SlotList>("/api/intro-calls/slots");
}

export const slotsQueryOptions = queryOptions({
  queryKey: ["intro-calls", "slots"],
  queryFn: getSlots,
  retry: 1,
});

export function useSlots() {
  return useQuery(slotsQueryOptions);
}
