import type { MessageContent } from "../../data/messages";

export type MessageLanguage = "en" | "es";

/** The city's name as messages write it, per language. */
export const CITY_NAME: Record<MessageLanguage, string> = { en: "City of Elgin", es: "Ciudad de Elgin" };

/** What a template writes: a subject (an in-app or push title), the plain text, optional paragraphs for HTML. */
export interface TemplateText {
  subject: string;
  /** Paragraphs, in order; a paragraph may carry one link (shown as a button in HTML, as its URL in text). */
  paragraphs: (string | { text: string; link: string })[];
}

/**
 * A message template: its data and how it reads in each language. Texts are written here, in
 * English and Spanish (the in-app messages' way: domains/organizations/organization-invitations.ts);
 * the layout (city's name, footer, HTML and text parts) is added once, by `renderMessage`.
 */
export interface MessageTemplate<D> {
  render: (data: D, language: MessageLanguage) => TemplateText;
}

const template = <D>(render: MessageTemplate<D>["render"]): MessageTemplate<D> => ({ render });

const money = (cents: number, language: MessageLanguage) =>
  new Intl.NumberFormat(language === "es" ? "es-US" : "en-US", { style: "currency", currency: "USD" }).format(
    cents / 100,
  );

const chicagoDateTime = (iso: string, language: MessageLanguage) =>
  new Intl.DateTimeFormat(language === "es" ? "es-US" : "en-US", {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: "America/Chicago",
  }).format(new Date(iso));

/** What a payment paid, by its type, before the account or licence number. */
const PAYMENT_WHAT = {
  en: {
    UTILITY: "water account",
    BUSINESS_LICENSE: "business license",
    FORM_FEE: "form fee, record",
    LPI: "late payment interest, account",
    PERMIT: "permit fee, case",
  },
  es: {
    UTILITY: "cuenta de agua",
    BUSINESS_LICENSE: "licencia de negocio",
    FORM_FEE: "tarifa de formulario, registro",
    LPI: "intereses por pago tardío, cuenta",
    PERMIT: "tarifa de permiso, caso",
  },
} as const;

/** What a payment pays: its type and the account, licence or case number. */
type PaidItem = { paymentType: string; accountNumber: string };

/** A paid item as a message names it, in its language ("water account 000123-000456"). */
const paymentWhat = (data: PaidItem, language: MessageLanguage) =>
  `${(PAYMENT_WHAT[language] as Record<string, string>)[data.paymentType] ?? data.paymentType} ${data.accountNumber}`;

/** A case status as a resident reads it (the CRM's English values; the web's CaseStatus texts). */
const CASE_STATUS_ES: Record<string, string> = {
  New: "Nuevo",
  Open: "Abierto",
  Submitted: "Enviado",
  "Under Review": "En revisión del personal",
  Scheduled: "Programado",
  Issued: "Emitido",
  Complete: "Completo",
  Closed: "Cerrado",
  Cancelled: "Cancelado",
  Rejected: "Rechazado",
  "On Hold": "En espera",
};
const caseStatus = (status: string, language: MessageLanguage) =>
  language === "es" ? (CASE_STATUS_ES[status] ?? status) : status === "Under Review" ? "Under Staff Review" : status;

/**
 * Every template a feature may send, by name. A new one: add it here with its texts in both
 * languages; `sendMessage(to, "<name>", data, channel)` then type-checks its data.
 */
export const MESSAGE_TEMPLATES = {
  /** Free text a clerk or a job already wrote in both languages (bulk sends, notices). */
  notice: template<{ en: { title: string; body: string }; es?: { title: string; body: string } | null }>(
    (data, language) => {
      const text = (language === "es" && data.es) || data.en;
      return { subject: text.title, paragraphs: [text.body] };
    },
  ),
  passwordReset: template<{ link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `Restablezca su contraseña del portal de la ${CITY_NAME.es}`,
          paragraphs: [
            "Personal de la ciudad le envió este enlace a pedido suyo para elegir una nueva contraseña.",
            { text: "Elegir una nueva contraseña", link: data.link },
            "El enlace vence en una hora y sirve una sola vez. Si no lo pidió, puede ignorar este mensaje: su contraseña no cambia.",
          ],
        }
      : {
          subject: `Reset your ${CITY_NAME.en} portal password`,
          paragraphs: [
            "City staff sent you this link, at your request, to choose a new password.",
            { text: "Choose a new password", link: data.link },
            "The link expires in one hour and works once. If you did not ask for it, you can ignore this email: your password does not change.",
          ],
        },
  ),
  verifyEmail: template<{ link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `Confirme su correo para el portal de la ${CITY_NAME.es}`,
          paragraphs: [
            "Para terminar su registro en el portal, confirme que esta dirección de correo es suya.",
            { text: "Confirmar mi correo", link: data.link },
            "Si no se registró en el portal, puede ignorar este mensaje.",
          ],
        }
      : {
          subject: `Confirm your email for the ${CITY_NAME.en} portal`,
          paragraphs: [
            "To finish signing up for the portal, confirm that this email address is yours.",
            { text: "Confirm my email", link: data.link },
            "If you did not sign up for the portal, you can ignore this email.",
          ],
        },
  ),
  organizationInvitation: template<{ organizationName: string; email: string; link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `Invitación para unirse a ${data.organizationName} en el portal de la ${CITY_NAME.es}`,
          paragraphs: [
            `Lo invitan a actuar en nombre de ${data.organizationName} en el portal de la ${CITY_NAME.es}.`,
            `Inicie sesión (o regístrese) con esta dirección de correo (${data.email}) y abra "Agregar una organización" para aceptar o rechazar. Solo será miembro si acepta.`,
            { text: "Responder a la invitación", link: data.link },
          ],
        }
      : {
          subject: `Invitation to join ${data.organizationName} on the ${CITY_NAME.en} portal`,
          paragraphs: [
            `You are invited to act for ${data.organizationName} on the ${CITY_NAME.en} portal.`,
            `Sign in (or sign up) with this email address (${data.email}) and open "Add an organization" to accept or decline. You become a member only if you accept.`,
            { text: "Answer the invitation", link: data.link },
          ],
        },
  ),
  paymentReceipt: template<
    PaidItem & {
      amountCents: number;
      /** The card provider's transaction id (the confirmation page's "Transaction ID"). */
      reference: string;
      paidAt: string;
      link: string;
    }
  >((data, language) => {
    const what = paymentWhat(data, language);
    return language === "es"
      ? {
          subject: `Recibo de su pago de ${money(data.amountCents, "es")} a la ${CITY_NAME.es}`,
          paragraphs: [
            `Recibimos su pago de ${money(data.amountCents, "es")} (${what}) el ${chicagoDateTime(data.paidAt, "es")}.`,
            `Referencia del pago: ${data.reference}. Consérvela por si tiene preguntas sobre este pago.`,
            { text: "Ver el recibo", link: data.link },
          ],
        }
      : {
          subject: `Receipt for your ${money(data.amountCents, "en")} payment to the ${CITY_NAME.en}`,
          paragraphs: [
            `We received your payment of ${money(data.amountCents, "en")} (${what}) on ${chicagoDateTime(data.paidAt, "en")}.`,
            `Payment reference: ${data.reference}. Keep it in case you have a question about this payment.`,
            { text: "See the receipt", link: data.link },
          ],
        };
  }),
  /** A payment link staff sent from the console (issue 31): opens /payment for one item until it is paid or expires. */
  paymentLink: template<PaidItem & { link: string; expiresAt: string }>((data, language) => {
    const what = paymentWhat(data, language);
    return language === "es"
      ? {
          subject: `Su enlace de pago de la ${CITY_NAME.es}`,
          paragraphs: [
            `La ${CITY_NAME.es} le envía un enlace para pagar (${what}).`,
            { text: "Pagar ahora", link: data.link },
            `El enlace sirve hasta que se haga el pago y vence el ${chicagoDateTime(data.expiresAt, "es")}.`,
          ],
        }
      : {
          subject: `Your ${CITY_NAME.en} payment link`,
          paragraphs: [
            `The ${CITY_NAME.en} sent you a link to pay (${what}).`,
            { text: "Pay now", link: data.link },
            `The link works until the payment is made, and expires on ${chicagoDateTime(data.expiresAt, "en")}.`,
          ],
        };
  }),
  /** An admin refunded all or part of a payment (issue 32 "Refunds"): how much, for what, when. */
  paymentRefund: template<PaidItem & { amountCents: number; refundedAt: string; link: string }>((data, language) => {
    const what = paymentWhat(data, language);
    return language === "es"
      ? {
          subject: `Le devolvimos ${money(data.amountCents, "es")} de su pago a la ${CITY_NAME.es}`,
          paragraphs: [
            `El ${chicagoDateTime(data.refundedAt, "es")} le devolvimos ${money(data.amountCents, "es")} de su pago (${what}) a la tarjeta con la que pagó.`,
            "El reembolso puede tardar de 5 a 10 días hábiles en aparecer en su estado de cuenta.",
            { text: "Ver su historial de pagos", link: data.link },
          ],
        }
      : {
          subject: `We refunded ${money(data.amountCents, "en")} of your payment to the ${CITY_NAME.en}`,
          paragraphs: [
            `On ${chicagoDateTime(data.refundedAt, "en")} we refunded ${money(data.amountCents, "en")} of your payment (${what}) to the card you paid with.`,
            "The refund can take 5 to 10 business days to appear on your statement.",
            { text: "See your payment history", link: data.link },
          ],
        };
  }),
  /** A one-time code that confirms a phone number for texts (domains/message-preferences; issue 29's SMS side). */
  phoneCode: template<{ code: string; minutes: number }>((data, language) =>
    language === "es"
      ? {
          subject: "Su código de confirmación",
          paragraphs: [`Su código de confirmación es ${data.code}. Vence en ${data.minutes} minutos.`],
        }
      : {
          subject: "Your confirmation code",
          paragraphs: [`Your confirmation code is ${data.code}. It expires in ${data.minutes} minutes.`],
        },
  ),
  /** A report the portal only "received" was filed later: its case number (domains/case-updates). */
  caseNumber: template<{ caseNumber: string; link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `Su reporte es el caso ${data.caseNumber}`,
          paragraphs: [
            `Recibimos su reporte y lo registramos como el caso ${data.caseNumber}. Puede seguirlo en sus actividades.`,
            { text: "Ver el caso", link: data.link },
          ],
        }
      : {
          subject: `Your report is case ${data.caseNumber}`,
          paragraphs: [
            `We received your report and filed it as case ${data.caseNumber}. You can follow it in your activities.`,
            { text: "See the case", link: data.link },
          ],
        },
  ),
  /** A case the resident filed or follows changed status (domains/case-updates). */
  caseUpdate: template<{ caseNumber: string; status: string; link: string | null }>((data, language) =>
    language === "es"
      ? {
          subject: `Caso ${data.caseNumber}: ${caseStatus(data.status, "es")}`,
          paragraphs: [
            `El estado del caso ${data.caseNumber} cambió a "${caseStatus(data.status, "es")}".`,
            ...(data.link ? [{ text: "Ver el caso", link: data.link }] : []),
          ],
        }
      : {
          subject: `Case ${data.caseNumber}: ${caseStatus(data.status, "en")}`,
          paragraphs: [
            `The status of case ${data.caseNumber} changed to "${caseStatus(data.status, "en")}".`,
            ...(data.link ? [{ text: "See the case", link: data.link }] : []),
          ],
        },
  ),
  /**
   * A case was closed: what happens next, and that the city will ask whether it is fixed; a follower
   * ("me too", issue 33) is not asked, so she is not told she will be.
   */
  /**
   * A case reached a completed status. Only its resident, and only after work was done (Closed,
   * Complete, Completed: `willAsk`), is told she will be asked "Is it fixed?"; a follower, or the
   * resident of a Cancelled or Rejected case, is asked nothing and so told nothing of it.
   */
  caseClosed: template<{
    caseNumber: string;
    status: string;
    link: string | null;
    follower?: boolean;
    willAsk?: boolean;
  }>((data, language) => {
    const status = caseStatus(data.status, language);
    const lines =
      language === "es"
        ? {
            subject: `Caso ${data.caseNumber} cerrado`,
            closed: data.follower
              ? `El personal de la ciudad cerró el caso ${data.caseNumber} (${status}), que usted sigue.`
              : `El personal de la ciudad cerró el caso ${data.caseNumber} (${status}).`,
            ask: "En cuatro semanas le preguntaremos si el problema quedó resuelto.",
            see: "Ver el caso",
          }
        : {
            subject: `Case ${data.caseNumber} closed`,
            closed: data.follower
              ? `City staff closed case ${data.caseNumber} (${status}), which you follow.`
              : `City staff closed case ${data.caseNumber} (${status}).`,
            ask: "In four weeks we will ask you whether the problem is fixed.",
            see: "See the case",
          };
    return {
      subject: lines.subject,
      paragraphs: [
        data.willAsk && !data.follower ? `${lines.closed} ${lines.ask}` : lines.closed,
        ...(data.link ? [{ text: lines.see, link: data.link }] : []),
      ],
    };
  }),
  /** Four weeks after a case was closed: "Is it fixed?", answered yes or no on the case page. */
  caseFixedQuestion: template<{ caseNumber: string; link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `¿Quedó resuelto? Caso ${data.caseNumber}`,
          paragraphs: [
            `Hace cuatro semanas se cerró el caso ${data.caseNumber}. ¿Quedó resuelto el problema? Responda sí o no en la página del caso; si responde que no, el caso se vuelve a abrir.`,
            { text: "Responder", link: data.link },
          ],
        }
      : {
          subject: `Is it fixed? Case ${data.caseNumber}`,
          paragraphs: [
            `Case ${data.caseNumber} was closed four weeks ago. Is the problem fixed? Answer yes or no on the case page; if you answer no, the case is reopened.`,
            { text: "Answer", link: data.link },
          ],
        },
  ),
  /** "Is it fixed?" as a text: answered by replying FIXED or NOT FIXED (domains/case-updates, answerFixedByText). */
  caseFixedQuestionText: template<{ caseNumber: string; link: string }>((data, language) =>
    language === "es"
      ? {
          subject: `¿Quedó resuelto? Caso ${data.caseNumber}`,
          paragraphs: [
            `Hace cuatro semanas se cerró el caso ${data.caseNumber}. ¿Quedó resuelto el problema? Responda RESUELTO o NO RESUELTO (el caso se vuelve a abrir), o conteste en la página del caso.`,
            { text: "Página del caso", link: data.link },
          ],
        }
      : {
          subject: `Is it fixed? Case ${data.caseNumber}`,
          paragraphs: [
            `Case ${data.caseNumber} was closed four weeks ago. Is the problem fixed? Reply FIXED or NOT FIXED (the case is reopened), or answer on the case page.`,
            { text: "Case page", link: data.link },
          ],
        },
  ),
  /** A delinquency batch's notice (domains/delinquency): the amount due and the shut-off date (YYYY-MM-DD). */
  shutoffNotice: template<{ accountNumber: string; amountCents: number; shutoffDate: string; link: string }>(
    (data, language) => {
      const date = `${data.shutoffDate.slice(5, 7)}/${data.shutoffDate.slice(8, 10)}/${data.shutoffDate.slice(0, 4)}`;
      return language === "es"
        ? {
            subject: "Su factura de agua está vencida",
            paragraphs: [
              `La cuenta ${data.accountNumber} debe ${money(data.amountCents, "es")}. El servicio puede cortarse el ${date} si no se paga.`,
              { text: "Pagar la factura", link: data.link },
            ],
          }
        : {
            subject: "Your water bill is past due",
            paragraphs: [
              `Account ${data.accountNumber} owes ${money(data.amountCents, "en")}. Service may be shut off on ${date} unless it is paid.`,
              { text: "Pay the bill", link: data.link },
            ],
          };
    },
  ),
} satisfies Record<string, MessageTemplate<never>>;

export type TemplateName = keyof typeof MESSAGE_TEMPLATES;
export type TemplateData<T extends TemplateName> = Parameters<(typeof MESSAGE_TEMPLATES)[T]["render"]>[0];

const FOOTER: Record<MessageLanguage, string> = {
  en: `${CITY_NAME.en} · 150 Dexter Court, Elgin, IL 60120 · This message was sent by the city's portal. Please do not reply to it.`,
  es: `${CITY_NAME.es} · 150 Dexter Court, Elgin, IL 60120 · Este mensaje lo envió el portal de la ciudad. Por favor, no lo responda.`,
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * How a message is written: in one language, or in both (`"en,es"`, English then Spanish) for a
 * person whose language the portal does not know (an email invited who has no account).
 */
export type MessageLanguages = MessageLanguage | "en,es";

const paragraphHtml = (paragraph: TemplateText["paragraphs"][number]) =>
  typeof paragraph === "string"
    ? `<p>${escapeHtml(paragraph)}</p>`
    : `<p><a href="${escapeHtml(paragraph.link)}" style="display:inline-block;background:#005ea2;color:#fff;padding:10px 16px;text-decoration:none;border-radius:4px">${escapeHtml(paragraph.text)}</a></p><p style="font-size:13px;word-break:break-all">${escapeHtml(paragraph.link)}</p>`;

/**
 * The message in the recipient's language (or in both, English first): subject, a plain-text part
 * and (for email) an HTML part, both with the city's name at the top and a plain footer. Data is
 * escaped into the HTML; in a message in both languages the Spanish part is marked `lang="es"`.
 */
export function renderMessage<T extends TemplateName>(
  name: T,
  data: TemplateData<T>,
  languages: MessageLanguages,
  withHtml: boolean,
): { content: MessageContent; links: Record<string, string> } {
  const parts = (languages === "en,es" ? (["en", "es"] as const) : [languages]).map((language) => ({
    language,
    written: (MESSAGE_TEMPLATES[name] as MessageTemplate<TemplateData<T>>).render(data, language),
  }));
  const links: Record<string, string> = {};
  const linesOf = (written: TemplateText) =>
    written.paragraphs.map((paragraph) => {
      if (typeof paragraph === "string") return paragraph;
      // The same link in both languages is one link.
      if (!Object.values(links).includes(paragraph.link)) links[`link${Object.keys(links).length}`] = paragraph.link;
      return `${paragraph.text}: ${paragraph.link}`;
    });
  const subject = parts.map((part) => part.written.subject).join(" / ");
  const cityName = parts.map((part) => CITY_NAME[part.language]).join(" / ");
  const bodies = parts.map((part) => linesOf(part.written));
  const text = withHtml
    ? [
        cityName,
        "",
        ...bodies.flatMap((lines, index) => (index > 0 ? ["", "----", "", ...lines] : lines)),
        "",
        "--",
        ...parts.map((part) => FOOTER[part.language]),
      ].join("\n")
    : bodies.map((lines) => lines.join("\n\n")).join("\n\n");
  const first = parts[0]?.language ?? "en";
  const html = withHtml
    ? [
        `<!doctype html><html lang="${first}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
        `<body style="font-family:Arial,sans-serif;color:#1b1b1b;max-width:600px;margin:0 auto;padding:16px">`,
        `<p style="font-size:20px;font-weight:bold;margin:0 0 16px">${escapeHtml(cityName)}</p>`,
        ...parts.map(({ language, written }, index) =>
          index === 0
            ? written.paragraphs.map(paragraphHtml).join("\n")
            : `<hr><div lang="${language}">\n${written.paragraphs.map(paragraphHtml).join("\n")}\n</div>`,
        ),
        `<hr>${parts
          .map(
            ({ language }, index) =>
              `<p style="font-size:12px;color:#555"${index > 0 ? ` lang="${language}"` : ""}>${escapeHtml(FOOTER[language])}</p>`,
          )
          .join("")}`,
        "</body></html>",
      ].join("\n")
    : null;
  return { content: { subject, text, html }, links };
}
