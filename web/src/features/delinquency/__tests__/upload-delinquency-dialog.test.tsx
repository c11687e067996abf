import type { DelinquencySummary } from "@contract/delinquency";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { UploadDelinquencyDialog } from "../components/upload-delinquency-dialog";

const summary: DelinquencySummary = {
  counts: { rows: 1, valid: 1, invalid: 0, withPortalUser: 1 },
  rows: [
    {
      row: 2,
      accountNumber: "100200-300400",
      delinquentAmountCents: 12_500,
      shutoffDate: "2026-12-15",
      address: "138 Highland Ave",
      phonePreference: true,
      user: {
        hasPortalAccount: true,
        userName: "Maria Lopez",
        userId: "u1",
        userEmail: "maria@example.com",
        userPhone: "",
      },
      problems: [],
    },
  ],
  errors: [],
  errorCount: 0,
};

/**
 * Spec 3 §8 says delinquency call failures are "not handled; nothing is shown". The portal says so
 * instead (audit item M05, a deliberate difference): the admin must know the notices did not go out.
 */
describe("a delinquency batch the server cannot send (spec 3 §8: audit item M05)", () => {
  it.each([
    ["en", en, "The notifications could not be sent. Please try again."],
    ["es", es, "No se pudieron enviar las notificaciones. Inténtelo de nuevo."],
  ] as const)("says they were not sent (%s)", async (language, texts, message) => {
    const posted: string[] = [];
    fakeFetch(({ url, init }) => {
      if (url === "/api/notifications/delinquencies/verify") return json(summary);
      if (url === "/api/notifications/delinquencies" && init.method === "POST") {
        posted.push(url);
        return json({ error: { code: "unavailable", message: "down" } }, 503);
      }
      return undefined;
    });
    await i18n.changeLanguage(language);
    const onSent = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <UploadDelinquencyDialog onClose={() => undefined} onSent={onSent} />
      </QueryClientProvider>,
    );
    const content = "accountNumber,delinquentAmount,shutoffDate\n100200-300400,125.00,2026-12-15\n";
    // jsdom's File has no text(); the browser's does.
    const file = Object.assign(new File([content], "d.csv", { type: "text/csv" }), { text: async () => content });
    fireEvent.change(screen.getByLabelText(texts.Delinquency.File), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("button", { name: texts.Delinquency.Verify }));
    fireEvent.click(await screen.findByRole("button", { name: texts.Delinquency.SendNotifications }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(texts.Delinquency.SendFailed).toBe(message);
    expect(posted).toHaveLength(1);
    expect(onSent).not.toHaveBeenCalled();
  });
});
