import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import { apiClient, unwrap } from "@/lib/api";
import type { Direction } from "@/lib/api-types";

/** Moves a video one place up or down; returns it with its new position. */
export function moveDrempelVideo(id: number, direction: Direction) {
  return unwrap(apiClient.POST("/api/admin/drempel-videos/{id}/move", { params: { path: { id } }, body: { direction } }));
}

export function useMoveDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: Direction }) => moveDrempelVideo(id, direction),
    onSuccess: () => invalidateDrempelVideos(queryClient),
  });
}
