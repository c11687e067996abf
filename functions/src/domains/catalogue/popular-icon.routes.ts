// PUT /api/activities/setPopularService/:id
// GET /api/activities/:id/icon

import { z } from "zod";
import { storageBucket } from "../../connectors/storage/connection";
import { withStorage } from "../../connectors/storage/errors";
import { ZDocumentIdParams } from "../../contract/ids";
import { getActivity, updateActivity } from "../../data/activities";
import { notFound } from "../../platform/http/api-error";
import { type AnyRoute, route } from "../../platform/http/route";
import { readIconUpload } from "./popular-icon";

const iconPath = (id: string) => `popular-services/${id}/icon`;

/** The popular-service icon: uploaded by admins, served by the API so every page can show it. */
export const popularIconRoutes: AnyRoute[] = [
  route({
    method: "PUT",
    path: "/api/activities/setPopularService/:id",
    access: "admin",
    summary: "Uploads a popular service's icon (multipart field image; 32x32 recommended, 1 MB at most)",
    params: ZDocumentIdParams,
    bodyKind: "raw",
    example: { params: { id: "no-such-activity" } },
    handler: async ({ params, req }): Promise<{ urlResponse: string }> => {
      const activity = await getActivity(params.id);
      if (!activity || activity.Deleted) throw notFound("Activity could not be found");
      const { bytes, type } = await readIconUpload(req);
      const bucket = await storageBucket();
      await withStorage(() =>
        bucket
          .file(iconPath(params.id))
          .save(bytes, { contentType: type, resumable: false, metadata: { cacheControl: "public, max-age=300" } }),
      );
      // The version makes browsers fetch the new icon at once instead of a cached old one.
      const urlResponse = `/api/activities/${encodeURIComponent(params.id)}/icon?v=${Date.now()}`;
      await updateActivity(params.id, { PopularServiceIconURL: urlResponse });
      return { urlResponse };
    },
  }),
  route({
    method: "GET",
    path: "/api/activities/:id/icon",
    access: "public",
    summary: "A popular service's icon image",
    params: ZDocumentIdParams,
    query: z.object({ v: z.string().max(20).optional() }),
    example: { params: { id: "WATER_BILL" } },
    handler: async ({ params, res }) => {
      const activity = await getActivity(params.id);
      if (!activity?.PopularServiceIconURL || activity.Deleted) throw notFound("No icon for this service.");
      const file = (await storageBucket()).file(iconPath(params.id));
      const [[bytes], [metadata]] = await withStorage(() => Promise.all([file.download(), file.getMetadata()]));
      res.setHeader("content-type", String(metadata.contentType ?? "application/octet-stream"));
      res.setHeader("cache-control", "public, max-age=300");
      res.setHeader("content-security-policy", "default-src 'none'; sandbox");
      res.status(200).send(bytes);
      return undefined;
    },
  }),
];
