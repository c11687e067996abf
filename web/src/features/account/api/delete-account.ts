import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// DELETE /api/users/:id
/** Removes the identity user and the user's portal data. */
export function deleteAccount(userId: string): Promise<{ deleted: true }> {
  return api.delete(`/users/${encodeURIComponent(userId)}`);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
