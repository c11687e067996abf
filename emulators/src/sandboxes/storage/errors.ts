import type { Response } from "express";

/** The JSON API's error body; @google-cloud/storage reads code, message and errors[].reason. */
export function sendStorageError(res: Response, code: number, reason: string, message: string) {
  res.status(code).json({ error: { code, message, errors: [{ domain: "global", reason, message }] } });
}

export const noSuchObject = (res: Response, bucket: string, name: string) =>
  sendStorageError(res, 404, "notFound", `No such object: ${bucket}/${name}`);
