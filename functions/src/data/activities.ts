import { z } from "zod";
import { ACTIVITY_ACTIONS, ACTIVITY_TYPES, type Activity, type ActivityAction } from "../contract/activity";
import { runTransaction, typedCollection } from "./collection";
import { ZCount, ZFlag, ZStoredInstant, ZText } from "./fields";
import { liveQuery } from "./live-query";

/**
 * activities/{Id}: the service catalogue, one document per service, stored with the field names
 * of the Activity interface (spec 1 §3). Unknown or missing fields read as safe defaults. Used by
 * the public read routes, the admin write routes and the form submissions.
 */
export const ZActivityDoc = z.object({
  Item: ZText,
  Type: z.enum(ACTIVITY_TYPES).catch("CONTENT"),
  Action: z.enum(ACTIVITY_ACTIONS).catch("FIND"),
  Description: ZText,
  Order: ZCount,
  Published: ZFlag,
  Deleted: ZFlag,
  SalesforceObjectId: ZText,
  LaserficheProcessId: ZText,
  ExternalLink: ZText,
  Content: ZText,
  CalendlyLink: ZText,
  PaymentRequired: ZFlag,
  paymentCode: ZText,
  salesforcePaymentField: ZText,
  GuestEnabled: ZFlag,
  ToggleInAppBrowser: ZFlag,
  PopularService: ZFlag,
  PopularServiceIconURL: ZText,
  PopularServiceOrder: ZCount,
  // Issue 33: a report service's stopper in both languages; anything else reads as none.
  Stopper: z
    .object({ en: z.string().min(1), es: z.string().min(1) })
    .nullish()
    .transform((value) => value ?? null)
    .catch(null),
  createdAt: ZStoredInstant,
  updatedAt: ZStoredInstant,
});
export type ActivityDoc = z.output<typeof ZActivityDoc>;

export const activitiesCollection = typedCollection("activities", ZActivityDoc);

/** The whole catalogue, read on every page: kept in memory by a listener (live-query.ts). */
const liveCatalogue = liveQuery(
  () => activitiesCollection(),
  (docs) => docs.map((doc) => toActivity(doc.id, doc.data())),
);

/** The API shape of a stored service. */
export function toActivity(id: string, data: ActivityDoc): Activity {
  return {
    Id: id,
    Item: data.Item ?? "",
    Type: data.Type,
    Action: data.Action,
    Description: data.Description ?? "",
    Order: data.Order,
    Published: data.Published,
    Deleted: data.Deleted,
    SalesforceObjectId: data.SalesforceObjectId,
    LaserficheProcessId: data.LaserficheProcessId,
    ExternalLink: data.ExternalLink,
    Content: data.Content,
    CalendlyLink: data.CalendlyLink,
    PaymentRequired: data.PaymentRequired,
    paymentCode: data.paymentCode,
    salesforcePaymentField: data.salesforcePaymentField,
    GuestEnabled: data.GuestEnabled,
    ToggleInAppBrowser: data.ToggleInAppBrowser,
    PopularService: data.PopularService,
    PopularServiceIconURL: data.PopularServiceIconURL,
    PopularServiceOrder: data.PopularServiceOrder,
    Stopper: data.Stopper,
  };
}

/** Catalogue order: Order, then Item (case-insensitive), then Id for a stable result. */
export function compareActivities(a: Activity, b: Activity): number {
  return (
    a.Order - b.Order ||
    a.Item.localeCompare(b.Item, "en", { sensitivity: "base" }) ||
    (a.Id < b.Id ? -1 : a.Id > b.Id ? 1 : 0)
  );
}

export interface ListActivitiesOptions {
  /** Only Published and not Deleted (the resident view). Default true. */
  publishedOnly?: boolean;
  /** Include Deleted services (admin view). Default false. */
  includeDeleted?: boolean;
  /** Only this action (PAY_FOR also matches the stored value PAY, and the other way round). */
  action?: ActivityAction;
}

const sameAction = (stored: ActivityAction, wanted: ActivityAction) =>
  stored === wanted || ((stored === "PAY" || stored === "PAY_FOR") && (wanted === "PAY" || wanted === "PAY_FOR"));

/** Filtered and sorted lists by options, per catalogue read (sorting collates every Item). */
const listsByCatalogue = new WeakMap<readonly Activity[], Map<string, Activity[]>>();

/** Every service matching the options, sorted by Order then Item (not to be changed by the caller). */
export async function listActivities(options: ListActivitiesOptions = {}): Promise<Activity[]> {
  const publishedOnly = options.publishedOnly ?? true;
  const includeDeleted = options.includeDeleted ?? false;
  const activities = await liveCatalogue.read();
  let lists = listsByCatalogue.get(activities);
  if (!lists) {
    lists = new Map();
    listsByCatalogue.set(activities, lists);
  }
  const key = `${publishedOnly}:${includeDeleted}:${options.action ?? ""}`;
  let list = lists.get(key);
  if (!list) {
    list = activities
      .filter((activity) =>
        publishedOnly ? activity.Published && !activity.Deleted : includeDeleted || !activity.Deleted,
      )
      .filter((activity) => !options.action || sameAction(activity.Action, options.action))
      .sort(compareActivities);
    lists.set(key, list);
  }
  return list;
}

/** One service by id, or null when there is no such document. Deleted/unpublished ones are returned as is. */
export async function getActivity(id: string): Promise<Activity | null> {
  const data = (await activitiesCollection().doc(id).get()).data();
  return data ? toActivity(id, data) : null;
}

/**
 * The REPORT services as stored now, not the listener's copy (issue 33, stoppers): a stopper an admin
 * has just set must stop the next report at once in every instance. Read when a report is filed (a
 * handful of documents), never per page.
 */
export async function reportServicesNow(): Promise<Activity[]> {
  const snapshot = await activitiesCollection().where("Action", "==", "REPORT").get();
  return snapshot.docs.map((doc) => toActivity(doc.id, doc.data()));
}

/** The service that uses a form process, if any (the quick permit has none). */
export async function activityForProcess(bpid: string): Promise<Activity | null> {
  const snapshot = await activitiesCollection().where("LaserficheProcessId", "==", bpid).limit(1).get();
  const doc = snapshot.docs[0];
  return doc ? toActivity(doc.id, doc.data()) : null;
}

/** The stored fields (everything but Id). */
export type ActivityFields = Omit<Activity, "Id">;

/**
 * Creates a service. With an id (e.g. the known ids WATER_BILL, QUICK_PERMIT) the document gets
 * that id and the call fails if it exists (Firestore ALREADY_EXISTS); otherwise an id is generated.
 */
export async function createActivity(fields: ActivityFields, id?: string): Promise<Activity> {
  const ref = id ? activitiesCollection().doc(id) : activitiesCollection().doc();
  const stored = { ...fields, updatedAt: new Date() };
  await ref.create({ ...stored, createdAt: stored.updatedAt });
  liveCatalogue.changed();
  return toActivity(ref.id, ZActivityDoc.parse(stored));
}

/** Updates some fields of a service; returns the updated service, or null if it does not exist. */
export async function updateActivity(id: string, fields: Partial<ActivityFields>): Promise<Activity | null> {
  const ref = activitiesCollection().doc(id);
  const updated = await runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    const current = doc.data();
    if (!current) return null;
    const { ...changes } = fields as Record<string, unknown>;
    delete changes.Id;
    tx.update(ref, { ...changes, updatedAt: new Date() });
    return toActivity(id, ZActivityDoc.parse({ ...current, ...changes }));
  });
  liveCatalogue.changed();
  return updated;
}

/**
 * Deletes a service. By default it is a soft delete (Deleted: true, Published: false) so links and
 * history keep resolving; hard: true removes the document. Returns false if it does not exist.
 */
export async function deleteActivity(id: string, options: { hard?: boolean } = {}): Promise<boolean> {
  const ref = activitiesCollection().doc(id);
  const deleted = await runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) return false;
    if (options.hard) tx.delete(ref);
    else tx.update(ref, { Deleted: true, Published: false, updatedAt: new Date() });
    return true;
  });
  liveCatalogue.changed();
  return deleted;
}
