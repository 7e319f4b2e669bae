import { useMutation } from "@tanstack/react-query";
import { authorizedFetch } from "@/lib/admin-fetch";
import { filenameFromDisposition } from "@/features/newsletter/api/export-subscribers";
import { saveBlob } from "@/features/tickets/lib/save-blob";
import { readApiResponse } from "@/lib/api";

/** Fetches an event's tickets as CSV with the admin's token and saves the file; returns its name. */
export async function downloadTicketsCsv(eventId: number): Promise<string> {
  const response = await authorizedFetch(`/api/admin/events/${eventId}/tickets.csv`, { headers: { Accept: "text/csv" } });
  if (!response.ok) await readApiResponse(response); // throws the server's message
  const filename = filenameFromDisposition(response.headers.get("Content-Disposition"), `tickets-${eventId}.csv`);
  saveBlob(await response.blob(), filename);
  return filename;
}

export function useDownloadTicketsCsv() {
  return useMutation({ mutationFn: downloadTicketsCsv });
}
