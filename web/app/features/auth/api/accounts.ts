import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

const accountsKey = ["admin", "accounts"] as const;

/** The admins and the open invitations. */
export function listAccounts() {
  return unwrap(apiClient.GET("/api/admin/accounts"));
}

export const accountsQueryOptions = queryOptions({ queryKey: accountsKey, queryFn: listAccounts });

export function useAccounts() {
  return useQuery(accountsQueryOptions);
}

export function inviteAdmin(email: string) {
  return unwrap(apiClient.POST("/api/admin/accounts/invitations", { body: { email } }));
}

export function useInviteAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }) });
}

export function removeAdmin(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/accounts/{id}", { params: { path: { id } } }));
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }) });
}

export function revokeInvitation(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/accounts/invitations/{id}", { params: { path: { id } } }));
}

export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }) });
}
