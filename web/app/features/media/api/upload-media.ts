import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateMedia } from "@/features/media/api/list-media";
import { apiClient, unwrap } from "@/lib/api";

export interface MediaUploadInput {
  file: File;
  alt: string;
}

export function uploadMedia({ file, alt }: MediaUploadInput) {
  return unwrap(
    apiClient.POST("/api/admin/media", {
      // The typed body names the fields; the browser sends it as multipart with the file's name.
      body: { alt, file: "" },
      bodySerializer: () => {
        const form = new FormData();
        form.set("alt", alt);
        form.set("file", file, file.name);
        return form;
      },
    }),
  );
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: uploadMedia, onSuccess: () => invalidateMedia(queryClient) });
}
