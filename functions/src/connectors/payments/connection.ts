import { connectorAccessor } from "../accessor";
import { createHttpCoreConnector } from "./http-core-connector";
import { createHttpGatewayConnector } from "./http-gateway-connector";

/** The process's legacy card gateway connector, created on first use. */
export const gatewayConnector = connectorAccessor(() => createHttpGatewayConnector());

/** The process's CORE hosted-payments connector, created on first use. */
export const coreConnector = connectorAccessor(() => createHttpCoreConnector());
