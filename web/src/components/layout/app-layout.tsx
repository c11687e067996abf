import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ChatAssistantSlot } from "./chat-assistant-slot";
import { Footer } from "./footer";
import { Header } from "./header";
import type { ShellModel } from "./shell-model";
import { Sidebar } from "./sidebar";

export const MAIN_CONTENT_ID = "main-content";

/** Page frame: skip link, header, optional sidebar, main content, the chat assistant's place and footer landmarks. */
export function AppLayout({ shell, children }: { shell: ShellModel; children: ReactNode }) {
  const { t } = useTranslation();
  const hasSidebar = shell.sidebarItems.length > 0;
  return (
    <div className="app">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t("App.SkipToContent")}
      </a>
      <Header shell={shell} />
      <div className={`app__body${hasSidebar ? " app__body--with-sidebar" : ""}`}>
        {hasSidebar && <Sidebar items={shell.sidebarItems} adminItems={shell.adminItems} />}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="app__main">
          {children}
        </main>
      </div>
      <ChatAssistantSlot />
      <Footer />
    </div>
  );
}
