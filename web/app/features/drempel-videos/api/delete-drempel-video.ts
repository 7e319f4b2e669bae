import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import { apiClient, unwrap } from "@/lib/api";

export function deleteDrempelVideo(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/drempel-videos/{id}", { params: { path: { id } } }));
}

export function useDeleteDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteDrempelVideo, onSuccess: () => invalidateDrempelVideos(queryClient) });
}
