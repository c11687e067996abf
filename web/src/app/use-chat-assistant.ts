import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { reloadKeepingOpenMessage } from "@/components/ui/modals";
import { env } from "@/config/env";
import {
  chatAssistantInPage,
  hostsPaymentFrame,
  paymentFramePath,
  startChatAssistant,
  withholdChatAssistant,
} from "@/lib/chat-assistant";

/**
 * The chat assistant on every page but those hosting a payment frame (spec 1 §1, DESIGN.md):
 * loaded after the page is interactive from the configured URL (none configured, none loaded).
 * A vendor script cannot be unloaded, so moving in the app to a payment-frame page after it has
 * loaded reloads that page: the new document starts without it (an open message is carried over).
 */
export function useChatAssistant(): void {
  const { pathname } = useLocation();
  const url = env().chatAssistantUrl;
  const onPaymentFramePage = hostsPaymentFrame(pathname);
  const canonical = paymentFramePath(pathname);
  // Hosting gives the strict payment CSP to every letter case and trailing slash of these paths
  // (firebase.json's regex); any other spelling (`/pay%6Dent`) is loaded again at the canonical
  // path, so a payment frame only ever runs under that policy (issue 26, finding 6).
  useEffect(() => {
    if (canonical && window.location.pathname !== canonical) {
      window.location.replace(`${canonical}${window.location.search}${window.location.hash}`);
    }
  }, [canonical]);
  useEffect(() => {
    if (!url) return;
    if (!onPaymentFramePage) {
      startChatAssistant(url);
      return;
    }
    if (chatAssistantInPage()) reloadKeepingOpenMessage();
    else withholdChatAssistant();
  }, [url, onPaymentFramePage]);
}
