import { useLayoutEffect, useRef } from "react";

/** The vendor's widget once it has rendered into a slot; a new layout (after sign-in) takes it over. */
let widget: HTMLElement | null = null;

/**
 * Where the chat assistant's launcher sits (lib/chat-assistant.ts loads the vendor script, which
 * renders into `[data-chat-assistant-slot]`): after the main content, before the footer, in the
 * page's flow. Floating over the page it covered text and buttons on a phone and was reached out
 * of order (issue 28); here it is reached after the page's content and never covers it. Empty
 * (no space) until the widget arrives.
 */
export function ChatAssistantSlot() {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = ref.current;
    if (!slot) return;
    if (widget && widget.parentElement !== slot) slot.appendChild(widget);
    // Runs before React removes the slot from the document: remember the widget for the next one.
    return () => {
      widget =
        slot.querySelector<HTMLElement>("#city-chat-assistant") ??
        (slot.firstElementChild as HTMLElement | null) ??
        widget;
    };
  }, []);
  return <div ref={ref} className="chat-assistant-slot" data-chat-assistant-slot="" />;
}
