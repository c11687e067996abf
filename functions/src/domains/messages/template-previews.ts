import type { TemplatePreview } from "../../contract/messages";
import { MESSAGE_TEMPLATES, renderMessage, type TemplateData, type TemplateName } from "./message-templates";

/**
 * Sample data for each template (issue 29: templates with a preview in both languages). Typed per
 * template, so a new template does not compile until it has its sample here.
 */
function samples(origin: string): { [T in TemplateName]: TemplateData<T> } {
  const caseLink = `${origin}/activity/view/Case/500000000000001AAA`;
  return {
    notice: {
      en: { title: "Leaf collection starts Monday", body: "Put leaves at the curb by 7 a.m. on your garbage day." },
      es: {
        title: "La recolección de hojas empieza el lunes",
        body: "Ponga las hojas en la acera antes de las 7 a. m. el día de su recolección.",
      },
    },
    passwordReset: { link: `${origin}/resetPassword?mode=resetPassword&oobCode=SAMPLE` },
    verifyEmail: { link: `${origin}/dashboard?mode=verifyEmail&oobCode=SAMPLE` },
    organizationInvitation: {
      organizationName: "Fox River Bakery",
      email: "invitee@example.com",
      link: `${origin}/add_organization`,
    },
    paymentReceipt: {
      amountCents: 8820,
      reference: "60123456789",
      paidAt: "2026-11-28T18:30:00.000Z",
      paymentType: "UTILITY",
      accountNumber: "1001234-01",
      link: `${origin}/payment/payment-history`,
    },
    paymentLink: {
      paymentType: "UTILITY",
      accountNumber: "1001234-01",
      link: `${origin}/pay/SAMPLE`,
      expiresAt: "2026-12-01T18:30:00.000Z",
    },
    paymentRefund: {
      amountCents: 1500,
      refundedAt: "2026-11-28T18:30:00.000Z",
      paymentType: "UTILITY",
      accountNumber: "1001234-01",
      link: `${origin}/payment/payment-history`,
    },
    phoneCode: { code: "123456", minutes: 15 },
    caseNumber: { caseNumber: "00012345", link: caseLink },
    caseUpdate: { caseNumber: "00012345", status: "Scheduled", link: caseLink },
    caseClosed: { caseNumber: "00012345", status: "Closed", link: caseLink, willAsk: true },
    caseFixedQuestion: { caseNumber: "00012345", link: caseLink },
    caseFixedQuestionText: { caseNumber: "00012345", link: caseLink },
    shutoffNotice: {
      accountNumber: "1001234-01",
      amountCents: 8820,
      shutoffDate: "2026-12-20",
      link: `${origin}/dashboard`,
    },
  };
}

/** Every template rendered with its sample data as an email (subject and plain text), in English and Spanish. */
export function templatePreviews(origin: string): TemplatePreview[] {
  const data = samples(origin);
  return (Object.keys(MESSAGE_TEMPLATES) as TemplateName[]).map((name) => {
    const preview = (language: "en" | "es") => {
      const { content } = renderMessage(name, data[name] as never, language, true);
      return { subject: content.subject, text: content.text };
    };
    return { name, en: preview("en"), es: preview("es") };
  });
}
