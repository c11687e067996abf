import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/core/payment-methods/iframe?english=
/** A fresh session of the provider's add-card frame; never cached (a session is single-use). */
export const getAddCardFrame = (english: boolean) =>
  api.get<{ iframeUrl: string }>(`/core/payment-methods/iframe?english=${english}`);

export const addCardFrameQueryOptions = (english: boolean) =>
  queryOptions({
    queryKey: ["addCardFrame", english],
    queryFn: () => getAddCardFrame(english),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const useAddCardFrame = (english: boolean) => useQuery(addCardFrameQueryOptions(english));
