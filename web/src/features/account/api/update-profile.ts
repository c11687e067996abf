import { type ProfileUpdateInput, ZProfileUpdate } from "@contract/account-forms";
import type { PortalUser } from "@contract/user";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { profileQueryKey } from "./get-profile";

export { ZProfileUpdate };

// PUT /api/users/profile
/** The account page's Save Changes: names, phone and primary address. */
export function updateProfile(input: ProfileUpdateInput): Promise<PortalUser> {
  return api.put("/users/profile", input);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(profileQueryKey(user.Id), user);
      void queryClient.invalidateQueries({ queryKey: ["salesforce", "landParcelMaster"] });
    },
  });
}
