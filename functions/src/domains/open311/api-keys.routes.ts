// GET /api/open311-keys
// POST /api/open311-keys
// DELETE /api/open311-keys/:id
import {
  type Open311KeyCreated,
  type Open311KeySummary,
  ZOpen311KeyCreate,
  ZOpen311KeyParams,
} from "../../contract/open311-keys";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { createKey, listKeys, revokeKey } from "./api-keys.service";

/** The admin page of Open311 API keys: admins create, name, limit and revoke the keys apps file with. */
export const open311KeyRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/open311-keys",
    access: "admin",
    summary: "Open311 API keys (never the keys themselves), newest first",
    example: {},
    handler: async (): Promise<{ keys: Open311KeySummary[] }> => ({ keys: await listKeys() }),
  }),
  route({
    method: "POST",
    path: "/api/open311-keys",
    access: "admin",
    body: ZOpen311KeyCreate,
    summary: "Creates an Open311 API key for an app, with its hourly limit; the key is shown once",
    example: { body: { name: "Access matrix app", limitPerHour: 10 } },
    handler: ({ body, user }): Promise<Open311KeyCreated> => createKey(body, requireUser(user).uid),
  }),
  route({
    method: "DELETE",
    path: "/api/open311-keys/:id",
    access: "admin",
    params: ZOpen311KeyParams,
    summary: "Revokes an Open311 API key: its next request is refused",
    example: { params: { id: "0".repeat(64) } },
    handler: async ({ params, user }) => {
      await revokeKey(params.id, requireUser(user).uid);
      return { revoked: true };
    },
  }),
];
