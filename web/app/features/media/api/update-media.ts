import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateMedia } from "@/features/media/api/list-media";
import { apiClient, unwrap } from "@/lib/api";

export function updateMedia({ id, alt }: { id: number; alt: string }) {
  return unwrap(apiClient.PATCH("/api/admin/media/{id}", { params: { path: { id } }, body: { alt } }));
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMedia, onSuccess: () => invalidateMedia(queryClient) });
}
