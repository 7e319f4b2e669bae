import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import type { DrempelVideo, DrempelVideoInput } from "@/lib/api-types";

/** Saves the whole video (also used to publish or unpublish it). */
export function updateDrempelVideo(id: number, input: DrempelVideoInput): Promise<DrempelVideo> {
  return adminApi<DrempelVideo>(`/api/admin/drempel-videos/${id}`, { method: "PUT", body: input });
}

export function useUpdateDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DrempelVideoInput }) => updateDrempelVideo(id, input),
    onSuccess: () => invalidateDrempelVideos(queryClient),
  });
}
