import { useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function listAudiences() {
  return unwrap(apiClient.GET("/api/admin/campaigns/audiences"));
}

/** The events, webinars and products a newsletter can be sent to the people of. */
export function useAudiences() {
  return useQuery({ queryKey: ["admin", "campaigns", "audiences"], queryFn: listAudiences });
}
