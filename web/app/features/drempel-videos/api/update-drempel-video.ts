import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import { apiClient, unwrap } from "@/lib/api";
import type { DrempelVideoInput } from "@/lib/api-types";

/** Saves the whole video (also used to publish or unpublish it). */
export function updateDrempelVideo(id: number, input: DrempelVideoInput) {
  return unwrap(apiClient.PUT("/api/admin/drempel-videos/{id}", { params: { path: { id } }, body: input }));
}

export function useUpdateDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DrempelVideoInput }) => updateDrempelVideo(id, input),
    onSuccess: () => invalidateDrempelVideos(queryClient),
  });
}
