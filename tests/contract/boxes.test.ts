import { describe, expect, it } from "vitest";
import { boxesSandbox } from "../../emulators/src/sandboxes/boxes/index.ts";
import { utilityFolderName } from "../../emulators/src/seed/boxes.ts";
import { city } from "../../emulators/src/seed/city.ts";
import { createBoxConnector } from "../../functions/src/connectors/boxes/box-connector";
import type { ConnectorError } from "../../functions/src/platform/connector-error";
import { connectorFailure } from "../kit/connector-error.ts";
import { timeWhileSlow, useSandbox } from "../kit/sandbox.ts";

const boxes = () => createBoxConnector();
const residentAccount = utilityFolderName(city().seededResidentUtilityAccount);
const accountWithoutFolder = utilityFolderName(city().creditUtilityAccount);
const seededCase = city().seededActivities.residentActionRequiredCase;

async function expectConnectorError(work: Promise<unknown>, kind: ConnectorError["kind"]) {
  expect(await connectorFailure(work)).toMatchObject({ system: "boxes", kind });
}

/** What the browser widget does with the scoped token. */
function widget(accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}` };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${running.sandbox.env.BOX_API_URL}${path}`, { ...init, headers: { ...headers, ...init.headers } });
  const json = { "content-type": "application/json" };
  return {
    items: async (folderId: string) => {
      const response = await api(`/folders/${folderId}/items`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { entries: { type: string; id: string; name: string }[] }).entries;
    },
    download: (fileId: string) => api(`/files/${fileId}/content`),
    upload: (folderId: string, name: string, content: string) => {
      const form = new FormData();
      form.append("attributes", JSON.stringify({ name, parent: { id: folderId } }));
      form.append("file", new Blob([content], { type: "text/plain" }), name);
      return fetch(`${running.sandbox.env.BOX_UPLOAD_URL}/files/content`, { method: "POST", headers, body: form });
    },
    createFolder: (parentId: string, name: string) =>
      api("/folders", { method: "POST", headers: json, body: JSON.stringify({ name, parent: { id: parentId } }) }),
    rename: (fileId: string, name: string) =>
      api(`/files/${fileId}`, { method: "PUT", headers: json, body: JSON.stringify({ name }) }),
    share: (fileId: string) =>
      api(`/files/${fileId}`, {
        method: "PUT",
        headers: json,
        body: JSON.stringify({ shared_link: { access: "open" } }),
      }),
    remove: (fileId: string) => api(`/files/${fileId}`, { method: "DELETE" }),
  };
}

const running = useSandbox(boxesSandbox, { BOX_TIMEOUT_MS: "2000" });

describe("utility account folders (read-only)", () => {
  it("finds the account's folder and its token lists and downloads the bills", async () => {
    const { folderId, accessToken } = await boxes().utilityAccountFolder(residentAccount);
    const entries = await widget(accessToken).items(folderId);
    expect(entries.map((entry) => entry.name)).toEqual([
      expect.stringMatching(/^Water bill \d{4}-\d{2}\.pdf$/),
      expect.stringMatching(/^Water bill \d{4}-\d{2}\.pdf$/),
    ]);
    const download = await widget(accessToken).download(entries[0]?.id ?? "");
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("refuses delete, rename, upload, create folder and share with 403", async () => {
    const { folderId, accessToken } = await boxes().utilityAccountFolder(residentAccount);
    const box = widget(accessToken);
    const [bill] = await box.items(folderId);
    const fileId = bill?.id ?? "";
    expect((await box.remove(fileId)).status).toBe(403);
    expect((await box.rename(fileId, "renamed.pdf")).status).toBe(403);
    expect((await box.upload(folderId, "note.txt", "hello")).status).toBe(403);
    expect((await box.createFolder(folderId, "sub")).status).toBe(403);
    expect((await box.share(fileId)).status).toBe(403);
    expect((await box.items(folderId)).map((entry) => entry.name)).toContain(bill?.name);
  });

  it("does not reach other folders with the scoped token", async () => {
    const own = await boxes().utilityAccountFolder(residentAccount);
    const other = await boxes().recordFolder(seededCase);
    const response = await fetch(`${running.sandbox.env.BOX_API_URL}/folders/${other.folderId}/items`, {
      headers: { authorization: `Bearer ${own.accessToken}` },
    });
    expect(response.status).toBe(404);
  });

  it("is not_found for an account without a folder", async () => {
    await expectConnectorError(boxes().utilityAccountFolder(accountWithoutFolder), "not_found");
  });
});

describe("CRM record folders", () => {
  it("answers the same existing folder on every call", async () => {
    const first = await boxes().recordFolder(seededCase);
    const second = await boxes().recordFolder(seededCase);
    expect(second.folderId).toBe(first.folderId);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect((await widget(first.accessToken).items(first.folderId)).map((entry) => entry.name)).toEqual([
      "Inspector notes.pdf",
    ]);
  });

  it("creates a folder for a new record, where the token uploads, previews and downloads", async () => {
    const { folderId, accessToken } = await boxes().recordFolder("500000000000999AAA");
    const box = widget(accessToken);
    expect(await box.items(folderId)).toEqual([]);
    const uploaded = await box.upload(folderId, "photo-notes.txt", "pothole by the curb");
    expect(uploaded.status).toBe(201);
    const fileId = ((await uploaded.json()) as { entries: { id: string }[] }).entries[0]?.id ?? "";
    expect(await (await box.download(fileId)).text()).toBe("pothole by the curb");
    expect((await box.items(folderId)).map((entry) => entry.name)).toEqual(["photo-notes.txt"]);
  });

  it("the record token cannot rename, share or delete, not even the city's files (issue 26, finding 12)", async () => {
    const { folderId, accessToken } = await boxes().recordFolder(seededCase);
    const box = widget(accessToken);
    const [notes] = await box.items(folderId);
    const fileId = notes?.id ?? "";
    expect((await box.remove(fileId)).status).toBe(403);
    expect((await box.rename(fileId, "renamed.pdf")).status).toBe(403);
    expect((await box.share(fileId)).status).toBe(403);
    expect((await box.items(folderId)).map((entry) => entry.name)).toEqual(["Inspector notes.pdf"]);
    expect((await box.download(fileId)).status).toBe(200);
  });

  it("refuses an id that could not name a folder", async () => {
    await expectConnectorError(boxes().recordFolder("../etc"), "rejected");
  });
});

describe("faults and counters", () => {
  it("gives up on a slow service within the adapter's timeout: unavailable", async () => {
    const elapsed = await timeWhileSlow(running.control, "BOX_TIMEOUT_MS", async () => {
      await expectConnectorError(boxes().recordFolder(seededCase), "unavailable");
    });
    expect(elapsed).toBeLessThan(1000);
  });

  it("maps the service's own failures (failureRate 1) to unavailable", async () => {
    await running.control.setFaults({ failureRate: 1 });
    await expectConnectorError(boxes().utilityAccountFolder(residentAccount), "unavailable");
  });

  it("maps a host that drops connections (down) to unavailable", async () => {
    await running.control.setFaults({ down: true });
    await expectConnectorError(boxes().recordFolder(seededCase), "unavailable");
  });

  it("maps refused app credentials to unavailable", async () => {
    process.env.BOX_CLIENT_SECRET = "wrong";
    try {
      await expectConnectorError(boxes().recordFolder(seededCase), "unavailable");
    } finally {
      process.env.BOX_CLIENT_SECRET = running.sandbox.env.BOX_CLIENT_SECRET;
    }
  });

  it("counts requests: three per folder (app token, folder, scoped token)", async () => {
    await boxes().recordFolder(seededCase);
    const counters = await running.control.counters();
    expect(counters.total).toBe(3);
    expect(counters.byRoute["POST /oauth2/token"]).toBe(2);
    expect(counters.byRoute["POST /2.0/folders"]).toBe(1);
  });
});
