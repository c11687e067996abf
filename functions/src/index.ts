import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { createDispatcher } from "./platform/http/dispatcher";
import { ROUTE_TABLES } from "./registry";

setGlobalOptions({ region: "us-central1", maxInstances: 20 });

/** One HTTPS function per API domain, each served through its route table. */
const functionsByName = Object.fromEntries(
  ROUTE_TABLES.map((table) => [table.functionName, onRequest({ timeoutSeconds: 60 }, createDispatcher(table))]),
);

const { users, catalogue, salesforce, notifications, payment } = functionsByName;
const publicInformation = functionsByName.public;

export { catalogue, notifications, payment, publicInformation as public, salesforce, users };
