import { z } from "zod";

/** The most a resident may write with "It is not fixed". */
export const FIXED_NOTE_MAX_LENGTH = 1000;

export const FIXED_ANSWERS = ["fixed", "notFixed"] as const;
export type FixedAnswer = (typeof FIXED_ANSWERS)[number];

/**
 * POST /api/salesforce/activity/Case/{id}/fixed, and the case page's form: the answer to "Is it
 * fixed?" (issue 33's closed loop), asked four weeks after the resident's case closed. `notFixed`
 * reopens the case, with the note.
 */
export const ZFixedAnswerInput = z
  .object({
    answer: z.enum(FIXED_ANSWERS, { message: "Required" }),
    note: z.string().trim().max(FIXED_NOTE_MAX_LENGTH, { message: "TooLong" }).optional(),
  })
  .strict();
export type FixedAnswerInput = z.input<typeof ZFixedAnswerInput>;

/** The caller's "Is it fixed?" on the case page: asked, and her answer once she gave one. */
export interface FixedQuestion {
  answer: FixedAnswer | null;
}

/**
 * POST .../fixed's answer: the answer she gave; for "no", `reopened` says whether the case is open in the CRM
 * already (false: the CRM did not answer, and the outbox job reopens it once it does).
 */
export interface FixedAnswerResult {
  answer: FixedAnswer;
  reopened?: boolean;
}
