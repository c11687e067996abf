import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// GET /api/payment/card-form?language=
export function getCardForm(language: "en" | "es"): Promise<{ url: string; origin: string }> {
  return api.get(`/payment/card-form?language=${language}`);
}

export const cardFormQueryOptions = (language: "en" | "es") =>
  queryOptions({ queryKey: ["paymentCardForm", language], queryFn: () => getCardForm(language), staleTime: Infinity });

export function useCardForm(language: "en" | "es") {
  return useQuery(cardFormQueryOptions(language));
}
