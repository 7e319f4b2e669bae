import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export const mailTextsQueryOptions = queryOptions({
  queryKey: ["admin", "mail-texts"],
  queryFn: () => unwrap(apiClient.GET("/api/admin/mails")),
});

/** Every mail type visitors receive, and whether the coach changed its text. */
export function useMailTexts() {
  return useQuery(mailTextsQueryOptions);
}
