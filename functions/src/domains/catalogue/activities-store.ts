import {
  ACTIVITY_ACTIONS,
  ACTIVITY_TYPES,
  type Activity,
  type ActivityAction,
  type ActivityType,
} from "../../contract/activity";
import { db } from "../../platform/firebase";

/**
 * The Firestore repository of the service catalogue: activities/{Id}, one document per service,
 * stored with the field names of the Activity interface (spec 1 §3). Used by the public read
 * routes and by the admin write routes.
 */
export const activitiesCollection = () => db().collection("activities");

const text = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const flag = (value: unknown): boolean => value === true;
const count = (value: unknown): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** Maps a stored document to the API shape; unknown or missing fields get safe defaults. */
export function toActivity(id: string, data: Record<string, unknown> | undefined): Activity {
  const type = data?.Type as ActivityType;
  const action = data?.Action as ActivityAction;
  return {
    Id: id,
    Item: text(data?.Item) ?? "",
    Type: ACTIVITY_TYPES.includes(type) ? type : "CONTENT",
    Action: ACTIVITY_ACTIONS.includes(action) ? action : "FIND",
    Description: text(data?.Description) ?? "",
    Order: count(data?.Order),
    Published: flag(data?.Published),
    Deleted: flag(data?.Deleted),
    SalesforceObjectId: text(data?.SalesforceObjectId),
    LaserficheProcessId: text(data?.LaserficheProcessId),
    ExternalLink: text(data?.ExternalLink),
    Content: text(data?.Content),
    CalendlyLink: text(data?.CalendlyLink),
    PaymentRequired: flag(data?.PaymentRequired),
    paymentCode: text(data?.paymentCode),
    salesforcePaymentField: text(data?.salesforcePaymentField),
    GuestEnabled: flag(data?.GuestEnabled),
    ToggleInAppBrowser: flag(data?.ToggleInAppBrowser),
    PopularService: flag(data?.PopularService),
    PopularServiceIconURL: text(data?.PopularServiceIconURL),
    PopularServiceOrder: count(data?.PopularServiceOrder),
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

/** Every service matching the options, sorted by Order then Item. */
export async function listActivities(options: ListActivitiesOptions = {}): Promise<Activity[]> {
  const publishedOnly = options.publishedOnly ?? true;
  const includeDeleted = options.includeDeleted ?? false;
  const snapshot = await activitiesCollection().get();
  return snapshot.docs
    .map((doc) => toActivity(doc.id, doc.data()))
    .filter((activity) =>
      publishedOnly ? activity.Published && !activity.Deleted : includeDeleted || !activity.Deleted,
    )
    .filter((activity) => !options.action || sameAction(activity.Action, options.action))
    .sort(compareActivities);
}

/** One service by id, or null when there is no such document. Deleted/unpublished ones are returned as is. */
export async function getActivity(id: string): Promise<Activity | null> {
  const doc = await activitiesCollection().doc(id).get();
  return doc.exists ? toActivity(doc.id, doc.data()) : null;
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
  return toActivity(ref.id, stored as unknown as Record<string, unknown>);
}

/** Updates some fields of a service; returns the updated service, or null if it does not exist. */
export async function updateActivity(id: string, fields: Partial<ActivityFields>): Promise<Activity | null> {
  const ref = activitiesCollection().doc(id);
  return db().runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) return null;
    const { ...changes } = fields as Record<string, unknown>;
    delete changes.Id;
    tx.update(ref, { ...changes, updatedAt: new Date() });
    return toActivity(id, { ...doc.data(), ...changes });
  });
}

/**
 * Deletes a service. By default it is a soft delete (Deleted: true, Published: false) so links and
 * history keep resolving; hard: true removes the document. Returns false if it does not exist.
 */
export async function deleteActivity(id: string, options: { hard?: boolean } = {}): Promise<boolean> {
  const ref = activitiesCollection().doc(id);
  return db().runTransaction(async (tx) => {
    const doc = await tx.get(ref);
    if (!doc.exists) return false;
    if (options.hard) tx.delete(ref);
    else tx.update(ref, { Deleted: true, Published: false, updatedAt: new Date() });
    return true;
  });
}
