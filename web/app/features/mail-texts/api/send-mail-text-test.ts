import { useMutation } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { MailKind, MailTextInput } from "@/lib/api-types";

export function sendMailTextTest({ kind, input }: { kind: MailKind; input: MailTextInput }) {
  return unwrap(apiClient.POST("/api/admin/mails/{kind}/test", { params: { path: { kind } }, body: input }));
}

/** The text as typed, with sample values, to the signed-in admin. */
export function useSendMailTextTest() {
  return useMutation({ mutationFn: sendMailTextTest });
}
