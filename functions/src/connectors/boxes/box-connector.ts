import { ConnectorError } from "../../platform/connector-error";
import { callBox, grantToken, SYSTEM } from "./box-client";
import { type BoxesConfig, boxesConfigFromEnv } from "./config";
import type { BoxesConnector, BoxFolderAccess, BoxUpload } from "./types";

// Box downscoping scopes (developer.box.com/guides/authentication/tokens/downscope).
const READ_ONLY_SCOPES = "base_explorer base_preview item_preview item_download";
/**
 * A record's box: residents see, download and add files; the folder and the city's files in it
 * stay the city's. No item_rename, item_delete or item_share: with them a resident could delete
 * the inspector's notes or make an open shared link to them (issue 26, finding 12).
 */
const UPLOAD_SCOPES = `${READ_ONLY_SCOPES} base_upload item_upload`;
const PAGE = 1000;

interface BoxEntry {
  type: string;
  id: string;
  name: string;
}

/** The real adapter: Box API 2.0 with a client-credentials app token, downscoped per folder for the browser. */
export function createBoxConnector(fixedConfig?: BoxesConfig): BoxesConnector {
  const config = () => fixedConfig ?? boxesConfigFromEnv();

  const appToken = (current: BoxesConfig) =>
    grantToken(current, {
      grant_type: "client_credentials",
      client_id: current.clientId,
      client_secret: current.clientSecret,
      box_subject_type: "enterprise",
      box_subject_id: current.enterpriseId,
    });

  const downscope = (current: BoxesConfig, token: string, folderId: string, scope: string) =>
    grantToken(current, {
      grant_type: "urn:ietf:params:oauth:grant-type:token-exchange",
      subject_token: token,
      subject_token_type: "urn:ietf:params:oauth:token-type:access_token",
      scope,
      resource: `${current.apiUrl}/folders/${folderId}`,
    });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Creating and taking the existing folder from the 409 conflict is Box's one-call get-or-create. */
  async function getOrCreateFolder(current: BoxesConfig, token: string, parentId: string, name: string) {
    const { status, body } = await callBox(current, `${current.apiUrl}/folders`, {
      method: "POST",
      headers: { ...auth(token), "content-type": "application/json" },
      body: JSON.stringify({ name, parent: { id: parentId } }),
    });
    if (status === 201) return String(body.id);
    const conflicts = (body.context_info as { conflicts?: BoxEntry[] } | undefined)?.conflicts;
    const existing = conflicts?.find((entry) => entry.type === "folder");
    if (status === 409 && existing) return existing.id;
    throw new ConnectorError(SYSTEM, "rejected", `The file-box service refused the folder ${name}`, body);
  }

  async function findFolder(current: BoxesConfig, token: string, parentId: string, name: string) {
    for (let offset = 0; ; offset += PAGE) {
      const { status, body } = await callBox(
        current,
        `${current.apiUrl}/folders/${parentId}/items?fields=name,type&limit=${PAGE}&offset=${offset}`,
        { headers: auth(token) },
      );
      if (status !== 200 || !Array.isArray(body.entries)) {
        throw new ConnectorError(SYSTEM, "unavailable", "The file-box service could not list folders", body);
      }
      const entries = body.entries as BoxEntry[];
      const found = entries.find((entry) => entry.type === "folder" && entry.name === name);
      if (found) return found.id;
      if (entries.length < PAGE || offset + PAGE >= Number(body.total_count)) return null;
    }
  }

  const validName = (id: string) => {
    const trimmed = id.trim();
    if (!/^[A-Za-z0-9-]{1,64}$/.test(trimmed)) throw new ConnectorError(SYSTEM, "rejected", "Not a record id");
    return trimmed;
  };

  return {
    async recordFolder(crmRecordId): Promise<BoxFolderAccess> {
      const current = config();
      const name = validName(crmRecordId);
      const token = await appToken(current);
      const folderId = await getOrCreateFolder(current, token, current.recordsFolderId, name);
      return { folderId, accessToken: await downscope(current, token, folderId, UPLOAD_SCOPES) };
    },
    async utilityAccountFolder(accountNumber): Promise<BoxFolderAccess> {
      const current = config();
      const name = validName(accountNumber);
      const token = await appToken(current);
      const folderId = await findFolder(current, token, current.utilityFolderId, name);
      if (!folderId) throw new ConnectorError(SYSTEM, "not_found", "No folder for this utility account");
      return { folderId, accessToken: await downscope(current, token, folderId, READ_ONLY_SCOPES) };
    },
    async uploadFile(upload: BoxUpload) {
      const current = config();
      const form = new FormData();
      form.append("attributes", JSON.stringify({ name: upload.name, parent: { id: upload.folderId } }));
      form.append("file", new Blob([new Uint8Array(upload.bytes)], { type: upload.contentType }), upload.name);
      // Box answers 401/403 for a token that may not upload here: the caller's token, not our service.
      const { status, body } = await callBox(
        current,
        `${current.uploadUrl}/files/content`,
        { method: "POST", headers: auth(upload.token), body: form },
        { callerToken: true },
      );
      const entry = (body.entries as BoxEntry[] | undefined)?.[0];
      if (status === 201 && entry) return { id: entry.id, name: entry.name };
      throw new ConnectorError(SYSTEM, "rejected", `The file-box service refused the upload (${status})`, { status });
    },
  };
}
