import { useMutation, useQueryClient } from "@tanstack/react-query";
import { mailTextQueryOptions } from "@/features/mail-texts/api/get-mail-text";
import { mailTextsQueryOptions } from "@/features/mail-texts/api/list-mail-texts";
import { apiClient, unwrap } from "@/lib/api";
import type { MailKind, MailTextInput } from "@/lib/api-types";

export function saveMailText({ kind, input }: { kind: MailKind; input: MailTextInput }) {
  return unwrap(apiClient.PUT("/api/admin/mails/{kind}", { params: { path: { kind } }, body: input }));
}

/** Saves the coach's text: the next mail of this type uses it. */
export function useSaveMailText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailText,
    onSuccess: (saved) => {
      queryClient.setQueryData(mailTextQueryOptions(saved.kind).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: mailTextsQueryOptions.queryKey, exact: true });
    },
  });
}
