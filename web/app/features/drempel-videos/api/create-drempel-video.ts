import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateDrempelVideos } from "@/features/drempel-videos/api/list-admin-drempel-videos";
import type { DrempelVideo, DrempelVideoInput } from "@/lib/api-types";

export function createDrempelVideo(input: DrempelVideoInput): Promise<DrempelVideo> {
  return adminApi<DrempelVideo>("/api/admin/drempel-videos", { method: "POST", body: input });
}

export function useCreateDrempelVideo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createDrempelVideo, onSuccess: () => invalidateDrempelVideos(queryClient) });
}
