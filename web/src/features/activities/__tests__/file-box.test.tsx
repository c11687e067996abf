import type { BoxFolderResponse } from "@contract/activity-detail";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import en from "@/locales/en.json";
import es from "@/locales/es.json";
import { expectAlert } from "@/testing/alerts";
import { fakeAuth, renderWithAppProviders } from "@/testing/fake-auth";
import { answerAt, apiError, fakeFetch, json } from "@/testing/fake-fetch";
import { ActivityDocuments } from "../components/activity-detail-parts";
import { FileBox } from "../components/file-box";

/**
 * Spec 2 §8, the file-box items the audit (shared/audits/spec-2-items.md) found untested: an upload
 * answered 413 marks the file too large (X21); no folder gives Util.NoFolderFound (X17); no folder
 * for the activity gives Box.NoFolderForActivity (X18).
 */

const BOX = "http://box.test/2.0";
const folder: BoxFolderResponse = {
  folderId: "f-1",
  accessToken: "t-1",
  apiUrl: BOX,
  uploadUrl: "http://box.test/upload",
  readOnly: false,
};

function render(element: ReactNode) {
  return renderWithAppProviders(fakeAuth("onboarded"), createMemoryRouter([{ path: "/", element }]));
}

const emptyFolder = answerAt("GET", "/2.0/folders/f-1/items", () => json({ entries: [] }));
const failure = (status: number) => apiError(status, "refused", status === 413 ? "too_large" : "internal");

async function chooseFile(texts: typeof en) {
  const input = (await screen.findByLabelText(texts.Box.UploadLabel)) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File(["x".repeat(10)], "plan.pdf", { type: "application/pdf" })] } });
}

const statusText = () => screen.getAllByRole("status").map((node) => node.textContent);

describe("file-box uploads (spec 2 §8 X21)", () => {
  it("an upload answered 413 says the file is too large, in English and Spanish", async () => {
    expect(en.Box.TooLarge).toBe("The file is too large.");
    for (const [language, texts] of [
      ["en", en],
      ["es", es],
    ] as const) {
      await i18n.changeLanguage(language);
      fakeFetch(
        emptyFolder,
        answerAt("POST", "/api/box/upload", () => failure(413)),
      );
      const view = render(<FileBox folder={folder} heading="Documents" />);
      await screen.findByText(texts.Box.Empty);
      await chooseFile(texts);
      await waitFor(() => expect(statusText()).toContain(texts.Box.TooLarge));
      view.unmount();
    }
  });

  it("another refusal is the general upload failure, not 'too large'", async () => {
    fakeFetch(
      emptyFolder,
      answerAt("POST", "/api/box/upload", () => failure(500)),
    );
    render(<FileBox folder={folder} heading="Documents" />);
    await screen.findByText(en.Box.Empty);
    await chooseFile(en);
    await waitFor(() => expect(statusText()).toContain(en.Box.UploadFailed));
    expect(statusText()).not.toContain(en.Box.TooLarge);
  });
});

describe("missing folders (spec 2 §8 X17, X18)", () => {
  it("a folder the file box does not have says Util.NoFolderFound (X17)", async () => {
    expect(en.Util.NoFolderFound).toBe("No document folder was found.");
    fakeFetch(answerAt("GET", "/2.0/folders/f-1/items", () => json({ type: "error", status: 404 }, 404)));
    render(<FileBox folder={folder} heading="Documents" />);
    await expectAlert(en.Util.NoFolderFound);
  });

  it("a folder that fails otherwise says the documents could not be loaded", async () => {
    fakeFetch(answerAt("GET", "/2.0/folders/f-1/items", () => json({ type: "error", status: 401 }, 401)));
    render(<FileBox folder={folder} heading="Documents" />);
    await expectAlert(en.Box.LoadFailed);
  });

  it("an activity with no folder says Box.NoFolderForActivity, in Spanish too (X18)", async () => {
    await i18n.changeLanguage("es");
    fakeFetch(answerAt("GET", "/api/box/500000000000001AAA", () => apiError(404, "No such activity.", "not_found")));
    render(<ActivityDocuments id="500000000000001AAA" />);
    await screen.findByText(es.Box.NoFolderForActivity);
    expect(es.Box.NoFolderForActivity).not.toBe(en.Box.NoFolderForActivity);
  });
});
