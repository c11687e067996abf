import type { Request } from "firebase-functions/v2/https";
import { onRequest } from "firebase-functions/v2/https";
import { setGlobalOptions } from "firebase-functions/v2/options";
import { onSchedule } from "firebase-functions/v2/scheduler";
import { HTTPS_FUNCTION_OPTIONS, JOB_OPTIONS } from "./function-options";
import { JOBS, jobFunctionName } from "./jobs/registry";
import type { createDispatcher } from "./platform/http/dispatcher";
import type { RouteTable } from "./platform/http/route";
import { answerRuntimeErrorsAsJson } from "./platform/http/runtime-errors";
import "./platform/params"; // declares the parameters and secrets firebase deploy reads from the manifest
import { ROUTE_TABLE_LOADERS } from "./route-loaders";

setGlobalOptions({ region: "us-central1" });

// Before the runtime creates its Express app: bodies it cannot parse get the JSON error shape too.
answerRuntimeErrorsAsJson();

type Dispatcher = ReturnType<typeof createDispatcher>;

/**
 * A function's dispatcher, built from its route table when first needed. The instance that serves
 * the function (Cloud Run and the local function hosts set FUNCTION_TARGET) loads it at start, so
 * no request waits for it and no instance loads another domain's code.
 */
function lazyDispatcher(name: string, load: () => Promise<RouteTable>) {
  let dispatcher: Promise<Dispatcher> | undefined;
  const ready = () => {
    // The dispatcher (zod, the Firestore client) loads with the table, not with the entry: firebase
    // deploy's discovery loads the entry only to read the manifest, within a fixed 10 s.
    dispatcher ??= Promise.all([load(), import("./platform/http/dispatcher")]).then(([routes, module]) =>
      module.createDispatcher(routes),
    );
    return dispatcher;
  };
  if (process.env.FUNCTION_TARGET === name) void ready();
  return async (req: Request, res: Parameters<Dispatcher>[1]) => (await ready())(req, res);
}

/** A function's options (secrets, resources); a function without any would deploy with defaults, so it can't. */
function optionsOf<T>(table: Record<string, T>, name: string): T {
  const options = table[name];
  if (!options) throw new Error(`${name} has no entry in function-options.ts (its secrets and resources)`);
  return options;
}

/**
 * One HTTPS function per API domain, each served through its route table, with its secrets and
 * resources from function-options.ts. Each instance answers many requests at once (`concurrency`).
 */
const functionsByName = Object.fromEntries(
  Object.entries(ROUTE_TABLE_LOADERS).map(([name, load]) => [
    name,
    onRequest(optionsOf(HTTPS_FUNCTION_OPTIONS, name), lazyDispatcher(name, load)),
  ]),
);

const { users, catalogue, salesforce, notifications, payment, naviline, maintenance, reports } = functionsByName;
const publicInformation = functionsByName.public;

/**
 * The scheduled jobs as one function group (deployed as jobs-<name>). The Functions emulator
 * ignores them without a Pub/Sub emulator; locally the launcher's scheduler runs the same modules.
 */
export const jobs = Object.fromEntries(
  JOBS.map((job) => [
    jobFunctionName(job),
    onSchedule(
      { ...optionsOf(JOB_OPTIONS, job.name), schedule: job.schedule, timeZone: "America/Chicago", retryCount: 0 },
      async () => {
        await job.run();
      },
    ),
  ]),
);

export {
  catalogue,
  maintenance,
  naviline,
  notifications,
  payment,
  publicInformation as public,
  reports,
  salesforce,
  users,
};
