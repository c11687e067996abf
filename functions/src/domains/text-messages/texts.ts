/**
 * The words of the city's texts, in the recipient's language. Every text names the city and ends with
 * how to stop them (CTIA practice: "Reply STOP to stop"); HELP answers the city's contact.
 */

export const CITY_CONTACT_PHONE = "(847) 931-6100";

const spanish = (language: string | null | undefined) => language?.toLowerCase().startsWith("es") === true;

const STOP_LINE = { en: "Reply STOP to stop.", es: "Responda STOP para no recibir más." };

/** A body with the city's name before it and the stop line after it. */
export function cityText(language: string | null | undefined, en: string, es: string): string {
  return spanish(language) ? `Ciudad de Elgin: ${es} ${STOP_LINE.es}` : `City of Elgin: ${en} ${STOP_LINE.en}`;
}

/** A message's text as a text message (the message service's SMS channel). */
export const smsBody = (language: string | null | undefined, text: string) => cityText(language, text, text);

/** The answer to HELP (both languages: the number's owner is not known to be one person). */
export const HELP_REPLY = `City of Elgin portal texts: call ${CITY_CONTACT_PHONE} or visit the portal. Reply STOP to stop. / Ciudad de Elgin: llame al ${CITY_CONTACT_PHONE}. Responda STOP para no recibir más.`;
export const STOP_REPLY = `City of Elgin: you will get no more texts from this number. Reply START to get them again. / Ciudad de Elgin: no recibirá más mensajes. Responda START para recibirlos de nuevo.`;
export const START_REPLY = `City of Elgin: texts are on again for this number. Reply STOP to stop, HELP for help. / Ciudad de Elgin: los mensajes están activos de nuevo. Responda STOP para no recibir más.`;

/**
 * The words that answer "Is it fixed?" by text (not YES or NO: YES is a START word). Case, spaces and
 * punctuation do not matter: "Not fixed." is NOT FIXED.
 */
export const FIXED_WORDS = {
  fixed: ["FIXED", "RESUELTO"],
  notFixed: ["NOT FIXED", "NOTFIXED", "NO RESUELTO", "NORESUELTO"],
};

/** The answer a text's body gives to "Is it fixed?", or null when it is none of the words. */
export function fixedAnswerOf(body: string): "fixed" | "notFixed" | null {
  const words = body
    .toUpperCase()
    .replace(/[^A-Z ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (FIXED_WORDS.notFixed.includes(words)) return "notFixed";
  if (FIXED_WORDS.fixed.includes(words)) return "fixed";
  return null;
}

/** What a reply to the "Is it fixed?" text did (domains/case-updates, answerFixedByText). */
export type FixedByText =
  | { outcome: "answered"; answer: "fixed" | "notFixed"; caseNumber: string; link: string; language: string | null }
  | { outcome: "alreadyAnswered" | "failed" | "queued"; caseNumber: string; link: string; language: string | null }
  | { outcome: "noQuestion" | "several"; link: string; language: string | null };

/** The city's answer to a FIXED or NOT FIXED reply, in the texter's language (English when unknown). */
export function fixedReply(result: FixedByText): string {
  const { language, link } = result;
  switch (result.outcome) {
    case "answered":
      return result.answer === "fixed"
        ? cityText(
            language,
            `Thank you. We noted that case ${result.caseNumber} is fixed.`,
            `Gracias. Anotamos que el caso ${result.caseNumber} quedó resuelto.`,
          )
        : cityText(
            language,
            `Thank you. Case ${result.caseNumber} is open again and staff will look at it. You can add a note on the case page: ${link}`,
            `Gracias. El caso ${result.caseNumber} está abierto de nuevo y el personal lo revisará. Puede añadir una nota en la página del caso: ${link}`,
          );
    case "queued":
      // "Not fixed" kept while the CRM is down: the outbox job reopens the case once it answers.
      return cityText(
        language,
        `Thank you. We have your answer: case ${result.caseNumber} will be opened again in a few minutes and staff will look at it. You can add a note on the case page: ${link}`,
        `Gracias. Tenemos su respuesta: el caso ${result.caseNumber} se abrirá de nuevo en unos minutos y el personal lo revisará. Puede añadir una nota en la página del caso: ${link}`,
      );
    case "alreadyAnswered":
      return cityText(
        language,
        `You already answered about case ${result.caseNumber}. See it on the case page: ${link}`,
        `Ya respondió sobre el caso ${result.caseNumber}. Véalo en la página del caso: ${link}`,
      );
    case "failed":
      return cityText(
        language,
        `We could not record your answer about case ${result.caseNumber} just now. Please reply again later, or answer on the case page: ${link}`,
        `No pudimos guardar su respuesta sobre el caso ${result.caseNumber} en este momento. Responda de nuevo más tarde o conteste en la página del caso: ${link}`,
      );
    case "several":
      return cityText(
        language,
        `You have more than one question waiting. Please answer each on its case page: ${link}`,
        `Tiene más de una pregunta pendiente. Conteste cada una en la página de su caso: ${link}`,
      );
    default:
      return cityText(
        language,
        `We found no question waiting for an answer from this number. Your closed cases are in the portal: ${link}`,
        `No encontramos ninguna pregunta pendiente para este número. Sus casos cerrados están en el portal: ${link}`,
      );
  }
}
