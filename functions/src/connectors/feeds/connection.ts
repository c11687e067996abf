import { connectorAccessor } from "../accessor";
import { createRssFeedsConnector } from "./rss-feeds-connector";

/** The process's news and events feeds connector, created on first use. */
export const feedsConnector = connectorAccessor(() => createRssFeedsConnector());
