import { expect } from "vitest";
import { ConnectorError } from "../../functions/src/platform/connector-error";

/** What `work` rejected with, expected to be a ConnectorError (a fulfilled `work` fails here). */
export async function connectorFailure(work: Promise<unknown>): Promise<ConnectorError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return error as ConnectorError;
}
