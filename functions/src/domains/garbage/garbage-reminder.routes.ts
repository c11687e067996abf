// GET, PUT and DELETE /api/salesforce/landParcelMaster/garbageReminder
import { type GarbageReminder, type GarbageReminderAnswer, ZGarbageReminderBody } from "../../contract/garbage-pickup";
import { deleteGarbageReminder, readGarbageReminder, saveGarbageReminder } from "../../data/garbage-reminders";
import { notFound } from "../../platform/http/api-error";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import { parcelPickupOf } from "./garbage-pickup.routes";

const PATH = "/api/salesforce/landParcelMaster/garbageReminder";

const answerOf = (stored: Awaited<ReturnType<typeof readGarbageReminder>>): GarbageReminder | null =>
  stored?.parcelId && stored.pickupWeekday
    ? { parcelId: stored.parcelId, address: stored.address ?? "", pickupWeekday: stored.pickupWeekday }
    : null;

/** A signed-in resident's reminder the evening before pickup (issue 16; jobs/garbage-reminders.job.ts sends it). */
export const garbageReminderRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: PATH,
    access: "onboarded",
    summary: "The caller's garbage pickup reminder (the address), or null when it is off",
    handler: async ({ user }): Promise<GarbageReminderAnswer> => ({
      reminder: answerOf(await readGarbageReminder(requireUser(user).uid)),
    }),
  }),
  route({
    method: "PUT",
    path: PATH,
    access: "onboarded",
    body: ZGarbageReminderBody,
    // Each call may look the parcel up in the CRM.
    throttle: [{ name: "garbage-reminder", key: "caller", limit: 30, windowSeconds: 3600 }],
    summary: "Turns on the evening-before pickup reminder for one address (replacing another)",
    example: { body: { parcelId: "a01000000000001AAA" } },
    handler: async ({ user, body }): Promise<GarbageReminderAnswer> => {
      const caller = requireUser(user);
      const parcel = await parcelPickupOf(body.parcelId);
      if (!parcel) throw notFound("No parcel with this id.");
      const reminder = {
        parcelId: parcel.Id,
        address: parcel.Parcel_Address__c,
        pickupWeekday: parcel.Refuse_Pickup_Day__c,
      };
      await saveGarbageReminder(caller.uid, reminder);
      return { reminder };
    },
  }),
  route({
    method: "DELETE",
    path: PATH,
    access: "onboarded",
    summary: "Turns the garbage pickup reminder off",
    handler: async ({ user }): Promise<GarbageReminderAnswer> => {
      await deleteGarbageReminder(requireUser(user).uid);
      return { reminder: null };
    },
  }),
];
