import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import { apiClient, unwrap } from "@/lib/api";
import type { DrempelVideoInput } from "@/lib/api-types";

export function createDrempelVideo(input: DrempelVideoInput) {
  return unwrap(apiClient.POST("/api/admin/drempel-videos", { body: input }));
}

export function useCreateDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDrempelVideo, onSuccess: () => invalidateDrempelVideos(queryClient) });
}
