// GET /api/users/message-preferences
// PUT /api/users/message-preferences
// POST /api/users/message-preferences/phone
// DELETE /api/users/message-preferences/phone
// POST /api/users/message-preferences/phone/confirm

import {
  PHONE_CODE_MAX_MISSES,
  ZMessagePreferencesInput,
  ZPhoneCodeInput,
  ZPhoneToConfirmInput,
} from "../../contract/message-preferences";
import { requireUser } from "../../platform/http/principal";
import { type AnyRoute, route } from "../../platform/http/route";
import {
  confirmPhone,
  messagePreferencesOf,
  removePhone,
  saveMessagePreferences,
  sendPhoneCode,
} from "./message-preferences.service";

/** Each code is a text the city pays for, to a number someone typed: a few per person and per number. */
const CODE_SENDS = [
  { name: "phone-code-send", key: "caller" as const, limit: 5, windowSeconds: 3600 },
  { name: "phone-code-send-number", key: { in: "body" as const, field: "phone" }, limit: 5, windowSeconds: 3600 },
];

export const messagePreferencesRoutes: AnyRoute[] = [
  route({
    method: "GET",
    path: "/api/users/message-preferences",
    access: "verified",
    summary: "The caller's channels per topic (in-app, email, text) and her text number",
    handler: async ({ user }) => messagePreferencesOf(requireUser(user).uid),
  }),
  route({
    method: "PUT",
    path: "/api/users/message-preferences",
    access: "verified",
    body: ZMessagePreferencesInput,
    summary: "Saves the caller's channels per topic; texts need a confirmed number (409)",
    example: {
      body: {
        bills: { inApp: true, email: true, text: false },
        cases: { inApp: true, email: false, text: false },
        alerts: { inApp: true, email: false, text: false },
      },
    },
    handler: async ({ user, body }) => saveMessagePreferences(requireUser(user).uid, body),
  }),
  route({
    method: "POST",
    path: "/api/users/message-preferences/phone",
    access: "verified",
    body: ZPhoneToConfirmInput,
    throttle: CODE_SENDS,
    summary: "Texts a one-time code to a number the caller wants texts at (stored in E.164)",
    // Destructive for the matrix: each call texts a code and replaces the caller's pending one.
    destructive: true,
    example: { body: { phone: "(847) 555-0142" } },
    handler: async ({ user, body }) => sendPhoneCode(requireUser(user).uid, body.phone),
  }),
  route({
    method: "POST",
    path: "/api/users/message-preferences/phone/confirm",
    access: "verified",
    body: ZPhoneCodeInput,
    // Guessing codes: wrong ones use the budget (the code itself dies after PHONE_CODE_MAX_MISSES).
    throttle: [
      {
        name: "phone-code-confirm",
        key: "caller",
        limit: PHONE_CODE_MAX_MISSES * 2,
        windowSeconds: 3600,
        counts: "failures",
      },
    ],
    summary: "Confirms the caller's number with the code texted to it",
    example: { body: { code: "000000" } },
    handler: async ({ user, body }) => confirmPhone(requireUser(user).uid, body.code),
  }),
  route({
    method: "DELETE",
    path: "/api/users/message-preferences/phone",
    access: "verified",
    summary: "Forgets the caller's text number and turns texts off",
    destructive: true,
    handler: async ({ user }) => removePhone(requireUser(user).uid),
  }),
];
