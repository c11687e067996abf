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
