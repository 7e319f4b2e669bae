import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { MailKind, MailTextInput } from "@/lib/api-types";

export function previewMailText(kind: MailKind, input: MailTextInput) {
  return unwrap(apiClient.POST("/api/admin/mails/{kind}/preview", { params: { path: { kind } }, body: input }));
}

/** The mail with sample values, as the server renders it (pass the debounced input). */
export function useMailTextPreview(kind: MailKind, input: MailTextInput) {
  return useQuery({
    queryKey: ["admin", "mail-texts", kind, "preview", input],
    queryFn: () => previewMailText(kind, input),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
