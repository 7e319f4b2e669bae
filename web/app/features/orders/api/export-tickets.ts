import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api";
import { saveDownload } from "@/lib/download";

/** Fetches an event's tickets as CSV and saves the file; returns its name. */
export function downloadTicketsCsv(eventId: number) {
  return saveDownload(
    apiClient.GET("/api/admin/events/{id}/tickets.csv", {
      params: { path: { id: eventId } },
      parseAs: "blob",
      headers: { Accept: "text/csv" },
    }),
    `tickets-${eventId}.csv`,
  );
}

export function useDownloadTicketsCsv() {
  return useMutation({ mutationFn: downloadTicketsCsv });
}
