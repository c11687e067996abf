import type { ReactNode } from "react";
import "./auth-forms.css";

/** A status message. Errors are alerts (announced at once); the rest are polite. */
export function Banner({ tone, children }: { tone: "success" | "error" | "info"; children: ReactNode }) {
  return (
    <div className={`banner banner--${tone}`} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
