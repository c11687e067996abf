import { toE164 } from "../../contract/message-preferences";
import { answerFixedByText } from "../case-updates/case-updates.service";
import { fixedAnswerOf, fixedReply } from "./texts";

/**
 * A reply FIXED or NOT FIXED (RESUELTO, NO RESUELTO) to the "Is it fixed?" text: answered as on the
 * case page, for the one user who confirmed this number and her one open question
 * (`answerFixedByText`). Answers the city's reply, or null when the text is not such an answer.
 */
export async function replyToFixedAnswer(from: string, body: string): Promise<string | null> {
  const answer = fixedAnswerOf(body);
  if (!answer) return null;
  return fixedReply(await answerFixedByText(toE164(from) ?? from, answer));
}
