import type { AdminUserUpdate } from "@contract/account-forms";
import type {
  AdminPaymentRow,
  AdminPaymentSettings,
  AdminUserDetail,
  AdminUserRow,
  UserEventRow,
  UserSearchPage,
  UserSortField,
} from "@contract/admin-users";
import type { AccountEmailResult } from "@contract/auth-forms";
import type { PortalUser } from "@contract/user";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const id = (value: string) => encodeURIComponent(value);

export interface UserSearchParams {
  pageNumber: number;
  pageSize: number;
  sortByField: UserSortField;
  sortDirection: "asc" | "desc";
  searchTerm: string;
  /** The cursor of the page asked for (from the previous page's answer); none for page 0. */
  cursor: string | null;
}

// GET /api/elastic-users
export function searchUsers(params: UserSearchParams): Promise<UserSearchPage> {
  const query = new URLSearchParams({
    pageNumber: String(params.pageNumber),
    pageSize: String(params.pageSize),
    sortByField: params.sortByField,
    sortDirection: params.sortDirection,
  });
  if (params.searchTerm.trim()) query.set("searchTerm", params.searchTerm.trim());
  if (params.cursor) query.set("cursor", params.cursor);
  return api.get<UserSearchPage>(`/elastic-users?${query}`);
}

export function useUserSearch(params: UserSearchParams) {
  return useQuery({
    queryKey: ["users", "search", params],
    queryFn: () => searchUsers(params),
    // The table keeps its rows while the next page loads (no jump to an empty table).
    placeholderData: keepPreviousData,
  });
}

// GET /api/users (the old grid)
export function useAllUsers(enabled: boolean) {
  return useQuery({ queryKey: ["users", "all"], queryFn: () => api.get<AdminUserRow[]>("/users"), enabled });
}

// DELETE /api/users/:id
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<unknown>(`/users/${id(userId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

// GET /api/users/profile/:id
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: ["users", "profile", userId],
    queryFn: () => api.get<AdminUserDetail>(`/users/profile/${id(userId)}`),
  });
}

// PUT /api/users/profile/:id
export function useUpdateAdminUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUserUpdate) => api.put<PortalUser>(`/users/profile/${id(userId)}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users"] }),
  });
}

// GET /api/users/payment-settings/:id
export function usePaymentSettings(userId: string) {
  return useQuery({
    queryKey: ["users", "payment-settings", userId],
    queryFn: () => api.get<AdminPaymentSettings>(`/users/payment-settings/${id(userId)}`),
  });
}

// DELETE /api/users/payment-settings/:id/autopay/:autopayId
export function useRemoveAutopay(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autopayId: string) =>
      api.delete<unknown>(`/users/payment-settings/${id(userId)}/autopay/${id(autopayId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users", "payment-settings", userId] }),
  });
}

// DELETE /api/users/payment-settings/:id/payment-methods/:methodId
export function useDeletePaymentMethod(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (methodId: string) =>
      api.delete<unknown>(`/users/payment-settings/${id(userId)}/payment-methods/${id(methodId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["users", "payment-settings", userId] }),
  });
}

// GET /api/users/payment-history/:id
export function useUserPaymentHistory(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["users", "payment-history", userId],
    queryFn: () => api.get<AdminPaymentRow[]>(`/users/payment-history/${id(userId)}`),
    enabled,
  });
}

// GET /api/users/activity-history/:id
export function useUserActivityHistory(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["users", "activity-history", userId],
    queryFn: () => api.get<UserEventRow[]>(`/users/activity-history/${id(userId)}`),
    enabled,
  });
}

// POST /api/users/reset-password, POST /api/users/resend-registration
export function useAccountEmail(kind: "reset-password" | "resend-registration") {
  return useMutation({ mutationFn: (email: string) => api.post<AccountEmailResult>(`/users/${kind}`, { email }) });
}
