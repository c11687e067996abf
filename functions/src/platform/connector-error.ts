/**
 * How a call to an external system failed; the dispatcher maps these to 503, 422 and 404. It lives
 * in the platform so that the dispatcher knows no external system: connectors throw it.
 */
export type ConnectorErrorKind = "unavailable" | "rejected" | "not_found";

export class ConnectorError extends Error {
  constructor(
    readonly system: string,
    readonly kind: ConnectorErrorKind,
    message: string,
    /** What the external system said, for logs only; never sent to the browser. */
    readonly detail?: unknown,
  ) {
    super(message);
  }
}
