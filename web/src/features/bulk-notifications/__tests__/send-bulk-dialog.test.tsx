import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { fakeFetch, json } from "@/testing/fake-fetch";
import { SendBulkDialog } from "../components/send-bulk-dialog";

/**
 * Spec 3 §8 says bulk call failures are "not handled; nothing is shown". The portal says so instead
 * (audit item M05, a deliberate difference): the admin must know the notification did not go out.
 */
describe("a bulk notification the server cannot send (spec 3 §8: audit item M05)", () => {
  it.each([
    ["en", en, "The notification could not be sent. Please try again."],
    ["es", es, "No se pudo enviar la notificación. Inténtelo de nuevo."],
  ] as const)("says it was not sent, and the dialog stays open to try again (%s)", async (language, texts, message) => {
    const sent: unknown[] = [];
    fakeFetch(({ url, init }) => {
      if (url === "/api/notifications/bulk/audience") return json({ users: 3, devices: 4 });
      if (url === "/api/notifications/bulk" && init.method === "POST") {
        sent.push(JSON.parse(String(init.body)));
        return json({ error: { code: "unavailable", message: "down" } }, 503);
      }
      return undefined;
    });
    await i18n.changeLanguage(language);
    const onSent = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SendBulkDialog onClose={() => undefined} onSent={onSent} />
      </QueryClientProvider>,
    );
    fireEvent.change(screen.getByLabelText(texts.BulkPush.Field.englishTitle, { exact: false }), {
      target: { value: "Water main work" },
    });
    fireEvent.change(screen.getByLabelText(texts.BulkPush.Field.spanishTitle, { exact: false }), {
      target: { value: "Obras en la red de agua" },
    });
    fireEvent.click(screen.getByRole("button", { name: texts.BulkPush.Preview }));
    fireEvent.click(await screen.findByRole("button", { name: texts.BulkPush.Confirm }));
    expect((await screen.findByRole("alert")).textContent).toBe(message);
    expect(texts.BulkPush.SendFailed).toBe(message);
    expect(sent).toHaveLength(1);
    expect(onSent).not.toHaveBeenCalled();
    await waitFor(() =>
      expect((screen.getByRole("button", { name: texts.BulkPush.Confirm }) as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
