import { connectorAccessor } from "../accessor";
import { createHttpBillingConnector } from "./http-billing-connector";

/** The process's billing-system connector, created on first use. */
export const billingConnector = connectorAccessor(() => createHttpBillingConnector());
