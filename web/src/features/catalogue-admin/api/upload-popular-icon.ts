import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// PUT /api/activities/setPopularService/:id (multipart, field "image")
export const uploadPopularIcon = ({ id, file }: { id: string; file: File }) => {
  const form = new FormData();
  form.append("image", file);
  return api.put<{ urlResponse: string }>(`/activities/setPopularService/${encodeURIComponent(id)}`, form);
};

export function useUploadPopularIcon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPopularIcon,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["activities"] }),
  });
}
