import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { MediaSlot } from "@/lib/api-types";

export function listMediaSlots() {
  return unwrap(apiClient.GET("/api/admin/media/slots"));
}

export function mediaSlotsQueryOptions() {
  return queryOptions({ queryKey: ["admin", "media", "slots"], queryFn: listMediaSlots });
}

export function useMediaSlots() {
  return useQuery(mediaSlotsQueryOptions());
}

export function setMediaSlot({ slot, mediaId }: { slot: MediaSlot; mediaId: number | null }) {
  return unwrap(apiClient.PUT("/api/admin/media/slots/{slot}", { params: { path: { slot } }, body: { media_id: mediaId } }));
}

export function useSetMediaSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMediaSlot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "media"] }),
  });
}
