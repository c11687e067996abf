import type { Response } from "express";

/** ArcGIS REST answers errors with HTTP 200 and an error object in the body. */
export function arcgisError(res: Response, code: number, message: string, details: string[] = []) {
  res.status(200).json({ error: { code, message, details } });
}
