import type { ReportData } from "@contract/reports";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ModalProvider } from "@/components/ui/modals";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { ReportForm } from "../components/report-form";

/**
 * The report form's sending (spec 3 §4: a loading state, then /dashboard with the case number; §8:
 * a generic error when it fails; audit items P04, P05), its description step (P10 required; P20
 * extraDescription offered) and the activityLanguageKey it sends (P19). The upload goes through the
 * real client (XMLHttpRequest, for its progress); this stand-in answers it when the test says.
 */
class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  status = 0;
  statusText = "";
  responseText = "";
  method = "";
  url = "";
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  respond(status: number, answer: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(answer);
    this.onload?.();
  }
  report(): ReportData {
    return JSON.parse(String(this.body?.get("reportData")));
  }
}

beforeEach(() => {
  FakeUpload.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeUpload);
});
afterEach(() => vi.unstubAllGlobals());

function renderForm() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ModalProvider>
        <MemoryRouter initialEntries={["/report?item=General%20Information"]}>
          <Routes>
            <Route path="/report" element={<ReportForm type="generalInformation" activityId={null} />} />
            <Route path="/dashboard" element={<p>the dashboard</p>} />
          </Routes>
        </MemoryRouter>
      </ModalProvider>
    </QueryClientProvider>,
  );
}

/** Writes the description (and more details), then goes on to the photo step and sends. */
async function describeAndSend(texts: typeof en, extra: string) {
  fireEvent.change(screen.getByLabelText(texts.Report.Description, { exact: false }), {
    target: { value: "The crosswalk paint is gone." },
  });
  fireEvent.change(screen.getByLabelText(texts.Report.ExtraDescription, { exact: false }), {
    target: { value: extra },
  });
  fireEvent.click(screen.getByRole("button", { name: texts.Report.Next }));
  fireEvent.click(await screen.findByRole("button", { name: texts.Report.Send }));
  await vi.waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
  return FakeUpload.sent[0] as FakeUpload;
}

describe("the report's description step (spec 3 §3, §5: audit items P10, P20)", () => {
  it.each([
    ["en", en, "This field is required."],
    ["es", es, "Este campo es obligatorio."],
  ] as const)(
    "requires the description and offers 'more details', optional (%s)",
    async (language, texts, required) => {
      await i18n.changeLanguage(language);
      renderForm();
      const extra = screen.getByLabelText(texts.Report.ExtraDescription, { exact: false }) as HTMLTextAreaElement;
      expect(extra.required).toBe(false);
      fireEvent.click(screen.getByRole("button", { name: texts.Report.Next }));
      const description = screen.getByLabelText(texts.Report.Description, { exact: false });
      await vi.waitFor(() => expect(description.getAttribute("aria-invalid")).toBe("true"));
      expect(screen.getAllByText(required).length).toBeGreaterThan(0);
      expect(texts.ErrorValidation.Required).toBe(required);
    },
  );
});

describe("sending a report (spec 3 §4, §8: audit items P04, P05, P19, P20)", () => {
  it("shows that it is sending while the upload runs, sends the more details and the type's language key, then goes to /dashboard with the case number", async () => {
    renderForm();
    const upload = await describeAndSend(en, "Since the repaving in May.");
    expect(upload.method).toBe("POST");
    expect(upload.url).toBe("/api/reports");
    expect(upload.report()).toMatchObject({
      type: "generalInformation",
      description: "The crosswalk paint is gone.",
      extraDescription: "Since the repaving in May.",
      activityLanguageKey: "Report.Types.generalInformation",
    });
    // The loading state: a progress bar named 'Sending your report…', the form busy, its buttons off.
    const progress = screen.getByRole("progressbar", { name: "Sending your report…" });
    expect(en.Report.Sending).toBe("Sending your report…");
    act(() => upload.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 } as ProgressEvent));
    expect((progress as HTMLProgressElement).value).toBe(25);
    expect(progress.closest("form")?.getAttribute("aria-busy")).toBe("true");
    expect((screen.getByRole("button", { name: en.Report.Send }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: en.Report.Back }) as HTMLButtonElement).disabled).toBe(true);

    act(() => upload.respond(200, { id: upload.report().id, status: "filed", caseNumber: "00042017" }));
    await screen.findByText("the dashboard");
    const notice = await screen.findByRole("dialog");
    expect(within(notice).getByText("Your request was submitted. Your case number is 00042017.")).toBeTruthy();
  });

  it.each([
    ["en", en, "Something went wrong. Please try again later."],
    ["es", es, "Algo salió mal. Inténtelo de nuevo más tarde."],
  ] as const)(
    "a failed send shows the generic error and lets the resident send again (%s)",
    async (language, texts, message) => {
      await i18n.changeLanguage(language);
      renderForm();
      const upload = await describeAndSend(texts, "");
      expect(upload.report().extraDescription).toBeNull();
      act(() => upload.respond(500, { error: { code: "internal", message: "boom" } }));
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText(message)).toBeTruthy();
      expect(texts.Util.ErrorTryAgainLater).toBe(message);
      expect(screen.queryByRole("progressbar")).toBeNull();
      expect((screen.getByRole("button", { name: texts.Report.Send }) as HTMLButtonElement).disabled).toBe(false);
    },
  );
});

describe("the API's reason about the photos (413)", () => {
  it.each([
    ["en", en],
    ["es", es],
  ] as const)(
    "is shown on the photos and in the error summary, which takes focus; other photos take it away (%s)",
    async (language, texts) => {
      await i18n.changeLanguage(language);
      renderForm();
      const upload = await describeAndSend(texts, "");
      act(() => upload.respond(413, { error: { code: "too_large", message: "Payload too large" } }));
      const link = await screen.findByRole("link", {
        name: `${texts.Report.Photos}: ${texts.Report.PhotoProblems.TooLarge}`,
      });
      await vi.waitFor(() => expect(document.activeElement).toBe(link.closest(".error-summary")));
      const photos = screen.getByLabelText(texts.Report.Photos);
      expect(photos.getAttribute("aria-invalid")).toBe("true");
      expect(screen.queryByRole("dialog")).toBeNull();
      fireEvent.change(photos, { target: { files: [new File(["x"], "wall.jpg", { type: "image/jpeg" })] } });
      await vi.waitFor(() => expect(screen.queryByRole("link")).toBeNull());
      expect(photos.getAttribute("aria-invalid")).toBeNull();
    },
  );
});
