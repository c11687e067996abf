import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { city } from "../../emulators/src/seed/city.ts";
import type { GarbageReminderAnswer } from "../../functions/src/contract/garbage-pickup.ts";
import { JOBS } from "../../functions/src/jobs/registry.ts";
import { testAdmin } from "../kit/admin.ts";
import { callApi } from "../kit/api.ts";
import { freshResident } from "../kit/cases.ts";
import { pointJobsAtStack, pushSandboxMessages } from "../kit/jobs.ts";
import { signIn } from "../kit/principals.ts";

/**
 * Issue 16: the evening-before garbage pickup reminder. Thanksgiving 2026 is Thursday, November 26,
 * so a Thursday route is picked up on Friday the 27th that week: its reminder goes out on Thursday
 * evening (not Wednesday), names the holiday, and comes once however often the job runs.
 */

const thursdayHouse = (() => {
  const parcel = city().parcels.find(
    (candidate) => candidate.Refuse_Pickup_Day__c === "Thursday" && !candidate.UnitName__c,
  );
  if (!parcel) throw new Error("seed: no Thursday parcel");
  return parcel;
})();
const PATH = "/api/salesforce/landParcelMaster/garbageReminder";
/** 6:30 p.m. in Elgin (CST, UTC-6) on a day of Thanksgiving week: 00:30 UTC the next day. */
const evening = (day: string) => new Date(Date.parse(`${day}T00:30:00Z`) + 86_400_000);

let service: typeof import("../../functions/src/domains/garbage/garbage-reminders.service.ts");
const cleanups: (() => Promise<void>)[] = [];
beforeAll(async () => {
  pointJobsAtStack();
  service = await import("../../functions/src/domains/garbage/garbage-reminders.service.ts");
});
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** A resident of this file's own with one device, in a language. */
async function resident(label: string, language: "en" | "es") {
  const made = await freshResident(label);
  const { db } = testAdmin();
  await db.collection("users").doc(made.uid).update({ Language: language });
  const token = `garbage-device-${made.uid}`;
  await db.collection("pushTokens").doc(`garbage-${made.uid}`).set({ UserId: made.uid, token });
  cleanups.push(async () => {
    await made.remove([]);
    await db.collection("pushTokens").doc(`garbage-${made.uid}`).delete();
    await db.collection("garbageReminders").doc(made.uid).delete();
    const messages = await db.collection("notifications").where("UserId", "==", made.uid).get();
    await Promise.all(messages.docs.map((doc) => doc.ref.delete()));
  });
  return { ...made, device: token, idToken: await signIn(made.email, made.password) };
}

const pushesTo = async (device: string) =>
  (await pushSandboxMessages()).filter((entry) => entry.message.token === device).map((entry) => entry.message);

describe("garbage pickup reminder", () => {
  it("is a scheduled job of the registry", () => {
    expect(JOBS.map((job) => job.name)).toContain("garbage-reminders");
  });

  it("a resident turns it on for an address, reads it back and turns it off; an unknown parcel is 404", async () => {
    const maria = await resident("garbage-toggle", "en");
    const none = await callApi<GarbageReminderAnswer>("GET", PATH, { token: maria.idToken });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ reminder: null });
    const on = await callApi<GarbageReminderAnswer>("PUT", PATH, {
      token: maria.idToken,
      body: { parcelId: thursdayHouse.Id },
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const expected = {
      parcelId: thursdayHouse.Id,
      address: thursdayHouse.Parcel_Address__c,
      pickupWeekday: "Thursday",
    };
    expect(on.body).toEqual({ reminder: expected });
    expect((await callApi("GET", PATH, { token: maria.idToken })).body).toEqual({ reminder: expected });
    const unknown = await callApi("PUT", PATH, { token: maria.idToken, body: { parcelId: "a01000000000999ZZZ" } });
    expect(unknown.status).toBe(404);
    expect((await callApi("DELETE", PATH, { token: maria.idToken })).body).toEqual({ reminder: null });
    expect((await callApi("GET", PATH, { token: maria.idToken })).body).toEqual({ reminder: null });
  });

  it("reminds the evening before the holiday-shifted pickup, in each resident's language, once per pickup", async () => {
    const english = await resident("garbage-en", "en");
    const spanish = await resident("garbage-es", "es");
    for (const who of [english, spanish]) {
      const on = await callApi("PUT", PATH, { token: who.idToken, body: { parcelId: thursdayHouse.Id } });
      expect(on.status).toBe(200);
    }
    const { db } = testAdmin();
    // Reminders other files left (the access matrix turns one on for seeded users) are sent too:
    // their messages go afterwards, so no later test finds an unread message it did not expect.
    const forgetOthers = (run: { pickupDay: string | null; reminded: string[] }) => {
      const others = run.reminded.filter((uid) => uid !== english.uid && uid !== spanish.uid);
      cleanups.push(async () => {
        for (const uid of others) await db.collection("notifications").doc(`garbage-${uid}-${run.pickupDay}`).delete();
      });
    };
    const messageOf = async (uid: string, day: string) =>
      (await db.collection("notifications").doc(`garbage-${uid}-${day}`).get()).data();

    // Before 6 p.m. nothing goes out.
    expect((await service.sendGarbageReminders(new Date("2026-11-26T20:00:00Z"))).pickupDay).toBeNull();
    // Wednesday evening: Thursday's truck comes Friday this week, so no reminder yet.
    const wednesday = await service.sendGarbageReminders(evening("2026-11-25"));
    expect(wednesday.pickupDay).toBe("2026-11-26");
    expect(wednesday.reminded).not.toContain(english.uid);
    forgetOthers(wednesday);
    expect(await messageOf(english.uid, "2026-11-26")).toBeUndefined();
    expect(await pushesTo(english.device)).toEqual([]);

    // Thursday evening: tomorrow's (Friday's) pickup, moved by Thanksgiving Day.
    const thursday = await service.sendGarbageReminders(evening("2026-11-26"));
    expect(thursday.pickupDay).toBe("2026-11-27");
    expect(thursday.reminded).toEqual(expect.arrayContaining([english.uid, spanish.uid]));
    forgetOthers(thursday);
    const inEnglish = await messageOf(english.uid, "2026-11-27");
    expect(inEnglish).toMatchObject({ UserId: english.uid, Title: "Garbage pickup tomorrow", ReadAt: null });
    expect(inEnglish?.Body).toContain(`Put the garbage for ${thursdayHouse.Parcel_Address__c} at the curb`);
    expect(inEnglish?.Body).toContain("tomorrow, Friday, November 27");
    expect(inEnglish?.Body).toContain("one day later because of Thanksgiving Day");
    expect(inEnglish?.Body).toContain("Leaf bags");
    const inSpanish = await messageOf(spanish.uid, "2026-11-27");
    expect(inSpanish).toMatchObject({ UserId: spanish.uid, Title: "Recolección de basura mañana" });
    expect(inSpanish?.Body).toContain("viernes 27 de noviembre");
    expect(inSpanish?.Body).toContain("por Día de Acción de Gracias");

    // The push went to each device once, with the message's words.
    expect(await pushesTo(english.device)).toEqual([
      expect.objectContaining({
        notification: { title: inEnglish?.Title, body: inEnglish?.Body },
        data: { kind: "garbageReminder", pickupDay: "2026-11-27" },
      }),
    ]);
    expect((await pushesTo(spanish.device)).map((message) => message.notification?.title)).toEqual([
      "Recolección de basura mañana",
    ]);
    // The resident reads it among their messages.
    const inbox = await callApi<{ Title: string }[]>("GET", "/api/notifications", { token: english.idToken });
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.body)).toContain("Garbage pickup tomorrow");

    // The job runs again that evening (every 30 minutes): nothing is sent twice.
    const again = await service.sendGarbageReminders(new Date("2026-11-27T04:00:00Z"));
    expect(again.pickupDay).toBe("2026-11-27");
    expect(await pushesTo(english.device)).toHaveLength(1);
    expect(await pushesTo(spanish.device)).toHaveLength(1);
    const stored = (await db.collection("garbageReminders").doc(english.uid).get()).data();
    expect(stored?.lastSentFor).toBe("2026-11-27");
  });
});
