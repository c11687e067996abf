import { logger as functionsLogger } from "firebase-functions/logger";

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
}

/** A structured logger (Cloud Logging JSON) that stamps every entry with the request's fields. */
export function requestLogger(fields: Record<string, unknown>): Logger {
  return {
    info: (message, data) => functionsLogger.info(message, { ...fields, ...data }),
    warn: (message, data) => functionsLogger.warn(message, { ...fields, ...data }),
    error: (message, data) => functionsLogger.error(message, { ...fields, ...data }),
  };
}
