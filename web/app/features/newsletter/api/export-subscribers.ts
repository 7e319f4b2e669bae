import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api";
import { saveDownload } from "@/lib/download";

/** Fetches the subscribers as CSV and saves the file; returns its name. */
export function downloadSubscribersCsv() {
  return saveDownload(
    apiClient.GET("/api/admin/subscribers/export", { parseAs: "blob", headers: { Accept: "text/csv" } }),
    "nieuwsbrief-abonnees.csv",
  );
}

export function useDownloadSubscribersCsv() {
  return useMutation({ mutationFn: downloadSubscribersCsv });
}
