import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastProvider } from "@/components/ui/toasts";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch } from "@/testing/fake-fetch";
import { AccountEmailButton } from "../components/account-email-button";

describe("the admin's account emails need the user's email (spec 3 §5, §8: audit item V08)", () => {
  it.each([
    ["en", "reset-password", en, "This user has no email address, so no email can be sent."],
    [
      "es",
      "resend-registration",
      es,
      "Este usuario no tiene correo electrónico, así que no se puede enviar ningún correo.",
    ],
  ] as const)(
    "without one, the button shows an error toast and sends nothing (%s, %s)",
    async (language, kind, texts, message) => {
      const calls = fakeFetch();
      await i18n.changeLanguage(language);
      render(
        <QueryClientProvider client={new QueryClient()}>
          <ToastProvider>
            <AccountEmailButton kind={kind} email={null} />
          </ToastProvider>
        </QueryClientProvider>,
      );
      const label = kind === "reset-password" ? texts.UsersAdmin.SendResetEmail : texts.UsersAdmin.ResendRegistration;
      const button = screen.getByRole("button", { name: label });
      expect((button as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(button);
      const toast = await screen.findByText(message, { selector: ".toast__message" });
      expect(toast.closest(".toast")?.className).toContain("toast--error");
      expect(texts.UsersAdmin.NoEmailToSend).toBe(message);
      expect(calls).not.toHaveBeenCalled();
    },
  );
});
