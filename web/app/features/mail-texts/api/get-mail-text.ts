import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { MailKind } from "@/lib/api-types";

export function mailTextQueryOptions(kind: MailKind) {
  return queryOptions({
    queryKey: ["admin", "mail-texts", kind],
    queryFn: () => unwrap(apiClient.GET("/api/admin/mails/{kind}", { params: { path: { kind } } })),
  });
}

/** One mail type: its current and default texts and its placeholders. */
export function useMailText(kind: MailKind) {
  return useQuery(mailTextQueryOptions(kind));
}
