import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateMedia } from "@/features/media/api/list-media";
import { apiClient, unwrap } from "@/lib/api";

export function deleteMedia(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/media/{id}", { params: { path: { id } } }));
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteMedia, onSuccess: () => invalidateMedia(queryClient) });
}
