import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

// POST /api/core/payment-methods/mobile-iframe
/** Trades the mobile app's single-use code for a session of the provider's add-card frame. */
export const exchangeMobileCardCode = (code: string, english: boolean) =>
  api.post<{ iframeUrl: string }>("/core/payment-methods/mobile-iframe", { code, english });

/**
 * The code works once: asked exactly once per code (never refetched, never retried), so a remount
 * or a focus change cannot spend it on a second, refused exchange.
 */
export const useMobileAddCardFrame = (code: string, english: boolean) =>
  useQuery({
    queryKey: ["mobileAddCardFrame", code],
    queryFn: () => exchangeMobileCardCode(code, english),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
