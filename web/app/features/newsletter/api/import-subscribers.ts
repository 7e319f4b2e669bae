import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { ImportInput } from "@/lib/api-types";

/** Imports the subscribers of a CSV file; answers how many were added and which rows were not. */
export function importSubscribers(input: ImportInput) {
  return unwrap(apiClient.POST("/api/admin/subscribers/import", { body: input }));
}

export function useImportSubscribers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSubscribers,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "subscribers"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "people"] }),
      ]),
  });
}
