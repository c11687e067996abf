import { connectorAccessor } from "../accessor";
import { createBoxConnector } from "./box-connector";
import type { BoxesConnector } from "./types";

/** The process's one file-box connector (configuration read from the environment on each call). */
export const boxesConnector = connectorAccessor<BoxesConnector>(() => createBoxConnector());
