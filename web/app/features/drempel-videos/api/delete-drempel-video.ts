import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";

export function deleteDrempelVideo(id: number): Promise<void> {
  return adminApi<void>(`/api/admin/drempel-videos/${id}`, { method: "DELETE" });
}

export function useDeleteDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDrempelVideo, onSuccess: () => invalidateDrempelVideos(queryClient) });
}
