import { setGlobalOptions } from "firebase-functions/v2";
import { onRequest } from "firebase-functions/v2/https";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { JOBS, jobFunctionName } from "./jobs/registry";
import { createDispatcher } from "./platform/http/dispatcher";
import { answerRuntimeErrorsAsJson } from "./platform/http/runtime-errors";
import { ROUTE_TABLES } from "./registry";

setGlobalOptions({ region: "us-central1", maxInstances: 20 });

// Before the runtime creates its Express app: bodies it cannot parse get the JSON error shape too.
answerRuntimeErrorsAsJson();

/** One HTTPS function per API domain, each served through its route table. */
const functionsByName = Object.fromEntries(
  ROUTE_TABLES.map((table) => [table.functionName, onRequest({ timeoutSeconds: 60 }, createDispatcher(table))]),
);

const { users, catalogue, salesforce, notifications, payment, naviline, maintenance } = functionsByName;
const publicInformation = functionsByName.public;

/**
 * The scheduled jobs as one function group (deployed as jobs-<name>). The Functions emulator
 * ignores them without a Pub/Sub emulator; locally the launcher's scheduler runs the same modules.
 */
export const jobs = Object.fromEntries(
  JOBS.map((job) => [
    jobFunctionName(job),
    onSchedule({ schedule: job.schedule, timeZone: "America/Chicago", retryCount: 0 }, async () => {
      await job.run();
    }),
  ]),
);

export { catalogue, maintenance, naviline, notifications, payment, publicInformation as public, salesforce, users };
