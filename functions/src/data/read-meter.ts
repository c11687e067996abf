import { AsyncLocalStorage } from "node:async_hooks";
import {
  type AggregateQuerySnapshot,
  Firestore,
  Query,
  type QuerySnapshot,
  Transaction,
} from "firebase-admin/firestore";

/**
 * Documents read from Firestore by one request or one job run, counted as Firestore bills reads:
 * each document a get, getAll or transaction read returns (a missing one too), each document a
 * query returns (at least one per query), and one per 1,000 index entries a count aggregate
 * matches (at least one). Listener reads are the listener's, not a request's. The dispatcher logs
 * the figure with each request (`reads`), and the local job runner with each run. On the local
 * emulator a query's time is a scan's; this count is the figure that carries over to production.
 */
const meter = new AsyncLocalStorage<{ documents: number }>();

/** Runs `work` with a count of its own; `documentsRead()` inside it says how many so far. */
export function meteringReads<T>(work: () => Promise<T>): Promise<T> {
  return meter.run({ documents: 0 }, work);
}

/** Documents read so far by the request or job run this code runs for (0 outside one). */
export function documentsRead(): number {
  return meter.getStore()?.documents ?? 0;
}

function count(documents: number): void {
  const counter = meter.getStore();
  if (counter) counter.documents += documents;
}

const queryReads = (snapshot: QuerySnapshot) => Math.max(1, snapshot.size);
const aggregateReads = (snapshot: AggregateQuerySnapshot<Record<string, never>>) => {
  const matched = Math.max(0, ...Object.values(snapshot.data() as Record<string, unknown>).map(Number));
  return Math.max(1, Math.ceil(matched / 1000));
};
/** A transaction's get: a document (one read) or a query's snapshot. */
const transactionReads = (result: unknown) =>
  result && typeof result === "object" && "size" in result ? queryReads(result as QuerySnapshot) : 1;

type Method = (...args: unknown[]) => unknown;

/** Counts `reads(result)` once the method's promise resolves. */
function meterMethod(prototype: object, method: string, reads: (result: never) => number): void {
  const methods = prototype as Record<string, Method>;
  const original = methods[method] as Method;
  methods[method] = function (this: unknown, ...args: unknown[]) {
    return (original.apply(this, args) as Promise<unknown>).then((result) => {
      count(reads(result as never));
      return result;
    });
  };
}

let installed = false;

/**
 * Counts reads at the Firestore client's public read methods, which every data module's reads go
 * through. Installed once by the data layer (collection.ts).
 */
export function installReadMeter(): void {
  if (installed) return;
  installed = true;
  // DocumentReference.get() reads through Firestore.getAll(); a query's get() through its own _get().
  meterMethod(Firestore.prototype, "getAll", (snapshots: unknown[]) => snapshots.length);
  meterMethod(Query.prototype, "get", queryReads);
  meterMethod(Transaction.prototype, "get", transactionReads);
  meterMethod(Transaction.prototype, "getAll", (snapshots: unknown[]) => snapshots.length);
  // firebase-admin does not export AggregateQuery: its get() is metered on the first count() or aggregate().
  let aggregateMetered = false;
  for (const method of ["count", "aggregate"]) {
    const methods = Query.prototype as unknown as Record<string, Method>;
    const original = methods[method] as Method;
    methods[method] = function (this: unknown, ...args: unknown[]) {
      const aggregate = original.apply(this, args) as object;
      if (!aggregateMetered) {
        aggregateMetered = true;
        meterMethod(Object.getPrototypeOf(aggregate), "get", aggregateReads);
      }
      return aggregate;
    };
  }
}
