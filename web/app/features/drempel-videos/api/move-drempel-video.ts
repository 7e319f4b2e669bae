import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import type { DrempelVideo, MoveRequest } from "@/lib/api-types";

export type MoveDirection = "up" | "down";

/** Moves a video one place up or down; returns it with its new position. */
export function moveDrempelVideo(id: number, direction: MoveDirection): Promise<DrempelVideo> {
  const body: MoveRequest = { direction };
  return adminApi<DrempelVideo>(`/api/admin/drempel-videos/${id}/move`, { method: "POST", body });
}

export function useMoveDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: number; direction: MoveDirection }) => moveDrempelVideo(id, direction),
    onSuccess: () => invalidateDrempelVideos(queryClient),
  });
}
