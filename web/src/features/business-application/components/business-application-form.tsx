import {
  BUSINESS_APPLICATION_KINDS,
  type BusinessApplication,
  businessApplicationNext,
  ZBusinessApplication,
} from "@contract/business-application";
import { YES_NO } from "@contract/zoning-inquiry";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { getActivity } from "@/api/get-activity";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { useAuth } from "@/lib/auth/auth-state";
import { FROM_BUSINESS_APPLICATION, zoningInquiryHref } from "@/lib/services/permit-destination";
import { startDestination } from "@/lib/services/start-destination";

/**
 * The business application questionnaire: open or change a business, and two yes/no questions.
 * No zoning confirmation leads to the zoning inquiry, building work to permit selection, and
 * otherwise the catalogue's form for opening or for changing a business.
 */
export function BusinessApplicationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authUser } = useAuth();
  const [failed, setFailed] = useState(false);
  const form = useForm<BusinessApplication>({ resolver: zodResolver(ZBusinessApplication), shouldFocusError: false });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    kind: {
      id: "business-kind",
      summaryId: `business-kind-${BUSINESS_APPLICATION_KINDS[0]}`,
      label: t("BusinessApplication.Kind"),
    },
    zoningConfirmed: {
      id: "business-zoning",
      summaryId: "business-zoning-Yes",
      label: t("BusinessApplication.ZoningConfirmed"),
      hint: t("BusinessApplication.ZoningConfirmedHint"),
    },
    construction: {
      id: "business-construction",
      summaryId: "business-construction-Yes",
      label: t("BusinessApplication.Construction"),
    },
  });
  const yesNo = YES_NO.map((value) => ({ value, label: t(`Zoning.${value}`) }));
  const state = { from: FROM_BUSINESS_APPLICATION };

  const onSubmit = form.handleSubmit(async (answers) => {
    setFailed(false);
    const next = businessApplicationNext(answers);
    if (next.kind === "zoning") return navigate(zoningInquiryHref(), { state });
    if (next.kind === "permits") return navigate("/activities/other_permit", { state });
    try {
      const activity = await getActivity(next.activityId);
      const destination = startDestination(activity, { signedIn: true, email: authUser?.Email ?? null });
      if (destination.kind !== "navigate") throw new Error(destination.kind);
      navigate(destination.to);
    } catch {
      setFailed(true);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="service-form">
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
      <RadioGroupField
        {...fields.choice("kind")}
        required
        options={BUSINESS_APPLICATION_KINDS.map((value) => ({ value, label: t(`BusinessApplication.Kinds.${value}`) }))}
      />
      <RadioGroupField {...fields.choice("zoningConfirmed")} required options={yesNo} />
      <RadioGroupField {...fields.choice("construction")} required options={yesNo} />
      {failed ? <p role="alert">{t("BusinessApplication.FormUnavailable")}</p> : null}
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t("BusinessApplication.Next")}
      </button>
    </form>
  );
}
