import { connectorAccessor } from "../accessor";
import { createHttpFormsConnector } from "./http-forms-connector";

/** The process's forms-service connector, created on first use. */
export const formsConnector = connectorAccessor(() => createHttpFormsConnector());
