import { PROFILE_PICTURE_MAX_BYTES } from "@contract/account-forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { uploadWithProgress } from "@/lib/api-client";
import { profileQueryKey } from "./get-profile";

export { PROFILE_PICTURE_MAX_BYTES };

// PUT /api/users/image
/**
 * Uploads the picture with upload progress (`onProgress` gets 0-100). A 413 (declared size over
 * the limit) comes back as ApiError status 413.
 */
export async function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const form = new FormData();
  form.append("image", file, file.name);
  return uploadWithProgress<{ url: string }>("PUT", "/users/image", form, onProgress);
}

export function useUploadPicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadPicture(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }),
  });
}
