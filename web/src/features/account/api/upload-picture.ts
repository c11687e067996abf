import { PROFILE_PICTURE_MAX_BYTES } from "@contract/account-forms";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, resolveApiUrl } from "@/lib/api-client";
import { getFirebaseAuth } from "@/lib/auth/firebase-auth";
import { profileQueryKey } from "./get-profile";

export { PROFILE_PICTURE_MAX_BYTES };

// PUT /api/users/image
/**
 * Uploads the picture with XMLHttpRequest, because fetch reports no upload progress; `onProgress`
 * gets 0-100. A 413 (declared size over the limit) comes back as ApiError status 413.
 */
export async function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<{ url: string }> {
  const token = await getFirebaseAuth().currentUser?.getIdToken();
  const form = new FormData();
  form.append("image", file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("PUT", resolveApiUrl("/users/image"));
    request.setRequestHeader("Accept", "application/json");
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(0, "network", "Network error"));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve(body as { url: string });
        return;
      }
      const error = (body as { error?: { code?: ApiError["code"]; message?: string } } | null)?.error;
      reject(new ApiError(request.status, error?.code ?? "unknown", error?.message ?? request.statusText));
    };
    request.send(form);
  });
}

export function useUploadPicture(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadPicture(file, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey(userId) }),
  });
}
