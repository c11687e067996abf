import { useEffect, useRef } from "react";
import { useToasts } from "@/components/ui/toasts";

/** News and events failures show the generic error once (spec 1 §8); the page keeps working. */
export function useFeedErrorToast(failed: boolean) {
  const { show } = useToasts();
  const shown = useRef(false);
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true;
      show("error");
    }
  }, [failed, show]);
}
