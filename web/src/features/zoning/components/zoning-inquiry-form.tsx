import {
  YES_NO,
  ZONING_CHOICES,
  type ZoningInquiryForm as ZoningForm,
  ZZoningInquiryForm,
  zoningInquiryPayload,
} from "@contract/zoning-inquiry";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { AddressPicker } from "@/components/map/address-picker";
import type { PickedAddress } from "@/components/map/picked-address";
import { CheckboxGroupField, RadioGroupField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextAreaField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import { useAuth } from "@/lib/auth/auth-state";
import { useSubmitZoningInquiry } from "../api/submit-zoning-inquiry";

const choiceKey = (choice: string) => choice.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

/**
 * The zoning inquiry (spec 3 §2, §5): the parcel's address first (typed, or a pin on the map),
 * then the proposed usage, what applies, and two yes/no answers. Sent as the §3 payload with the
 * resident's CRM contact id; success goes to the dashboard.
 */
export function ZoningInquiryForm({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasts = useToasts();
  const { authUser } = useAuth();
  const submit = useSubmitZoningInquiry(activityId);
  const [picked, setPicked] = useState<PickedAddress | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useForm<ZoningForm>({
    resolver: zodResolver(ZZoningInquiryForm),
    shouldFocusError: false,
    defaultValues: { address: "", businessDetails: "", choices: [], homeBased: "No", newBusiness: "No" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    address: { id: "zoning-address", label: t("Zoning.Address") },
    businessDetails: {
      id: "zoning-details",
      label: t("Zoning.BusinessDetails"),
      hint: t("Zoning.BusinessDetailsHint"),
    },
    choices: {
      id: "zoning-choices",
      summaryId: `zoning-choices-${ZONING_CHOICES[0]}`,
      label: t("Zoning.Choices"),
      hint: t("Zoning.ChoicesHint"),
    },
  });
  const yesNo = YES_NO.map((value) => ({ value, label: t(`Zoning.${value}`) }));

  const onAddress = (value: PickedAddress | null) => {
    setPicked(value);
    form.setValue("address", value?.address ?? "", { shouldValidate: submitCount > 0 });
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setFailed(false);
    if (!authUser?.SalesforceId) {
      setFailed(true);
      return;
    }
    try {
      const result = await submit.mutateAsync(zoningInquiryPayload(values, authUser.SalesforceId));
      toasts.show("success", t(result.status === "sent" ? "Zoning.Submitted" : "Zoning.Received"));
      navigate("/dashboard");
    } catch {
      setFailed(true);
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="service-form">
      <FieldErrorSummary
        errors={errors}
        submitCount={submitCount}
        fields={fields.summary}
        title={t("Zoning.ReviewForm")}
      />
      <fieldset className="field">
        <legend>{t("Zoning.AddressStep")}</legend>
        <AddressPicker id="zoning-address" value={picked} onChange={onAddress} required error={errors.address} />
      </fieldset>
      <TextAreaField {...fields.input("businessDetails")} required rows={4} />
      <CheckboxGroupField
        {...fields.choice("choices")}
        required
        options={ZONING_CHOICES.map((value) => ({ value, label: t(`Zoning.Choice.${choiceKey(value)}`) }))}
      />
      <RadioGroupField
        id="zoning-home-based"
        legend={t("Zoning.HomeBased")}
        options={yesNo}
        registration={form.register("homeBased")}
      />
      <RadioGroupField
        id="zoning-new-business"
        legend={t("Zoning.NewBusiness")}
        options={yesNo}
        registration={form.register("newBusiness")}
      />
      {failed ? <p role="alert">{t("Zoning.SubmitError")}</p> : null}
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {isSubmitting ? t("Zoning.Submitting") : t("Zoning.Submit")}
      </button>
    </form>
  );
}
