import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiClient, unwrap } from "@/lib/api";

/** The course access of an order; null when the order gives none (not a paid course). */
export function enrolmentQueryOptions(orderId: number) {
  return queryOptions({
    queryKey: ["admin", "orders", "enrolment", orderId],
    queryFn: async () => {
      try {
        return await unwrap(apiClient.GET("/api/admin/orders/{id}/enrolment", { params: { path: { id: orderId } } }));
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null;
        throw e;
      }
    },
  });
}

export function useEnrolment(orderId: number, enabled: boolean) {
  return useQuery({ ...enrolmentQueryOptions(orderId), enabled });
}

/** Sends the course access again: a new webhook to the platform, or the code by e-mail. */
export function useResendEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) =>
      unwrap(apiClient.POST("/api/admin/orders/{id}/enrolment/resend", { params: { path: { id: orderId } } })),
    onSuccess: (enrolment, orderId) => queryClient.setQueryData(enrolmentQueryOptions(orderId).queryKey, enrolment),
  });
}
