// GET /api/box/:salesforceId
// GET /api/box/util/:accountId
// POST /api/box/upload (multipart: folderId and one file; X-Box-Token: the folder's token)

import { z } from "zod";
import { boxesConfigFromEnv } from "../../connectors/boxes/config";
import { boxesConnector } from "../../connectors/boxes/connection";
import type { BoxFolderAccess } from "../../connectors/boxes/types";
import {
  BOX_TOKEN_HEADER,
  type BoxFolderResponse,
  type BoxUploadResult,
  FILE_BOX_UPLOAD_MAX_BYTES,
  ZBoxUploadFields,
  ZUtilityAccountFolder,
} from "../../contract/activity-detail";
import { ZCrmRecordId } from "../../contract/ids";
import { billingAccountsOwnedBy } from "../../data/billing-accounts";
import { ConnectorError } from "../../platform/connector-error";
import { ApiError, badRequest, forbidden, notFound } from "../../platform/http/api-error";
import { type MultipartRequest, readMultipart } from "../../platform/http/multipart";
import { type Principal, requireUser } from "../../platform/http/principal";
import { type AnyRoute, route, type ThrottleRule } from "../../platform/http/route";
import { withoutImageMetadata } from "../../platform/image-metadata";
import { sniffImageType } from "../../platform/image-type";
import { memberOrganizationIds, ownsActivityId } from "../cases/activity-detail.service";

function withUrls(access: BoxFolderAccess, readOnly: boolean): BoxFolderResponse {
  const config = boxesConfigFromEnv();
  return { ...access, apiUrl: config.apiUrl, uploadUrl: config.uploadUrl, readOnly };
}

/** True when the user, or an organization they are an approved member of, holds the utility account. */
async function holdsUtilityAccount(user: Principal, accountId: string): Promise<boolean> {
  const owners = [
    { userId: user.uid },
    ...(await memberOrganizationIds(user.uid)).map((id) => ({ organizationId: id })),
  ];
  for (const owner of owners) {
    const accounts = await billingAccountsOwnedBy(owner);
    if (accounts.some(({ data }) => `${data.customerId}-${data.locationId}` === accountId)) return true;
  }
  return false;
}

/** A resident adds a few files to a case; this stops a script spending the function's CPU on re-encoding. */
const BOX_UPLOAD_THROTTLE: ThrottleRule[] = [{ name: "box-upload", key: "client", limit: 60, windowSeconds: 600 }];

const tooLarge = () =>
  new ApiError("too_large", `A file may be at most ${FILE_BOX_UPLOAD_MAX_BYTES} bytes.`, { file: "TooLarge" });

interface BoxUploadBody {
  folderId: string | null;
  file: { name: string; type: string; bytes: Buffer } | null;
}

/** Reads folderId and the one file, refusing a file beyond 30 MiB (413). */
function readBoxUpload(req: MultipartRequest): Promise<BoxUploadBody> {
  const limits = { files: 1, fileSize: FILE_BOX_UPLOAD_MAX_BYTES + 1, fields: 2, fieldSize: 200 };
  const unreadable = () =>
    badRequest("The body must be multipart/form-data with folderId and a file.", { file: "Required" });
  return readMultipart<BoxUploadBody>(req, limits, unreadable, (parser, resolve, reject) => {
    const body: BoxUploadBody = { folderId: null, file: null };
    let problem: ApiError | null = null;
    parser.on("field", (name, value) => {
      if (name === "folderId") body.folderId = value;
    });
    parser.on("file", (_field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        problem ??= tooLarge();
      });
      stream.on("end", () => {
        if (!problem)
          body.file = { name: info.filename || "upload", type: info.mimeType, bytes: Buffer.concat(chunks) };
      });
    });
    parser.on("filesLimit", () => {
      problem ??= badRequest("One file at a time.", { file: "TooMany" });
    });
    parser.on("error", () => reject(badRequest("The multipart body could not be read.")));
    parser.on("close", () => (problem ? reject(problem) : resolve(body)));
  });
}

/** A file name Box takes: no path, no control characters, at most 255 characters. */
const boxFileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, "")
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 255) || "upload";

export const boxRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/box/:salesforceId",
    access: "onboarded",
    params: z.object({ salesforceId: ZCrmRecordId }),
    summary: "The file box of one of the caller's activities, with a token scoped to that folder (404 for others)",
    example: { params: { salesforceId: "500000000000001AAA" } },
    handler: async ({ params, user }) => {
      // Another user's record is 404 like a missing one, before the file-box system is asked.
      if (!(await ownsActivityId(requireUser(user), params.salesforceId))) throw notFound("No such activity.");
      return withUrls(await boxesConnector().recordFolder(params.salesforceId), false);
    },
  }),
  route({
    method: "GET",
    path: "/api/box/util/:accountId",
    access: "onboarded",
    params: z.object({ accountId: ZUtilityAccountFolder }),
    summary: "The billing-records box of a utility account the caller holds, with a read-only token (404 otherwise)",
    example: { params: { accountId: "100001-200001" } },
    handler: async ({ params, user }) => {
      if (!(await holdsUtilityAccount(requireUser(user), params.accountId))) throw notFound("No such account.");
      // The token itself is read-only: the widget cannot delete, rename, upload, create or share.
      return withUrls(await boxesConnector().utilityAccountFolder(params.accountId), true);
    },
  }),
  route({
    method: "POST",
    path: "/api/box/upload",
    // The mobile app's web view has no portal sign-in: the folder's own token is the permission, and
    // the file-box service checks it (a read-only token may not upload).
    access: "public",
    bodyKind: "raw",
    throttle: BOX_UPLOAD_THROTTLE,
    summary:
      "Uploads one file into a file-box folder with the folder's token, a photo first stripped of its EXIF (GPS) and other metadata",
    handler: async ({ req }): Promise<BoxUploadResult> => {
      const declared = Number(req.header("content-length") ?? Number.NaN);
      if (Number.isFinite(declared) && declared > FILE_BOX_UPLOAD_MAX_BYTES + 64 * 1024) throw tooLarge();
      if (!/^multipart\/form-data\b/i.test(req.header("content-type") ?? "")) {
        throw badRequest("The body must be multipart/form-data with folderId and a file.", { file: "Required" });
      }
      const body = await readBoxUpload(req);
      const fields = ZBoxUploadFields.safeParse({
        folderId: body.folderId ?? "",
        token: req.header(BOX_TOKEN_HEADER) ?? "",
      });
      if (!fields.success) {
        throw badRequest(
          "folderId and the folder's token are required.",
          Object.fromEntries(fields.error.issues.map((issue) => [issue.path.join("."), issue.message])),
        );
      }
      if (!body.file) throw badRequest("A file is required.", { file: "Required" });
      const imageType = sniffImageType(body.file.bytes);
      let bytes = body.file.bytes;
      if (imageType) {
        try {
          bytes = await withoutImageMetadata(bytes);
        } catch {
          throw badRequest("The image could not be read.", { file: "Invalid" });
        }
      }
      try {
        const stored = await boxesConnector().uploadFile({
          token: fields.data.token,
          folderId: fields.data.folderId,
          name: boxFileName(body.file.name),
          bytes,
          contentType: imageType ?? (body.file.type || "application/octet-stream"),
        });
        return { ...stored, stripped: imageType !== null };
      } catch (error) {
        if (error instanceof ConnectorError && error.kind === "rejected") {
          const status = (error.detail as { status?: number } | undefined)?.status;
          if (status === 409)
            throw new ApiError("conflict", "A file of that name is already in the folder.", { file: "Exists" });
          if (status === 413) throw tooLarge();
          if (status === 401 || status === 403 || status === 404)
            throw forbidden("This folder's token may not upload here.");
          throw badRequest("The file-box service refused the file.", { file: "Invalid" });
        }
        throw error;
      }
    },
  }),
];
