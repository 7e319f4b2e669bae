import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mailTextQueryOptions } from "@/features/mail-texts/api/get-mail-text";
import { mailTextsQueryOptions } from "@/features/mail-texts/api/list-mail-texts";
import { apiClient, unwrap } from "@/lib/api";
import type { MailKind } from "@/lib/api-types";

export function restoreMailText(kind: MailKind) {
  return unwrap(apiClient.DELETE("/api/admin/mails/{kind}", { params: { path: { kind } } }));
}

/** Back to the default text. */
export function useRestoreMailText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreMailText,
    onSuccess: (restored) => {
      queryClient.setQueryData(mailTextQueryOptions(restored.kind).queryKey, restored);
      return queryClient.invalidateQueries({ queryKey: mailTextsQueryOptions.queryKey, exact: true });
    },
  });
}
