import type { Activity } from "@contract/activity";
import {
  needsZoningFirst,
  PERMIT_OPTIONS,
  type PermitSelection,
  PROPERTY_TYPES,
  SERVICE_FORM_ACTIVITY_IDS,
  ZPermitSelection,
} from "@contract/permit-selection";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { activityQueryOptions } from "@/api/get-activity";
import { CheckboxGroupField, RadioGroupField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { useAuth } from "@/lib/auth/auth-state";
import { permitDestination, ZONING_FROM_PERMITS } from "../../../lib/services/permit-destination";

/**
 * Permit selection (spec 3 §2): a property type, then the kinds of work, then Next, which opens
 * the Quick Permit form or, for a new commercial or industrial property, the zoning inquiry.
 */
export function PermitSelectionForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { authUser } = useAuth();
  const queryClient = useQueryClient();
  // Fetched as the page opens; Next waits for it when it is still on its way.
  const quickPermitQuery = activityQueryOptions(SERVICE_FORM_ACTIVITY_IDS.otherPermit);
  useQuery(quickPermitQuery);
  const [unavailable, setUnavailable] = useState(false);
  const form = useForm<PermitSelection>({
    resolver: zodResolver(ZPermitSelection),
    shouldFocusError: false,
    defaultValues: { permits: [] },
  });
  const { errors, submitCount } = form.formState;
  const propertyType = form.watch("propertyType");
  const zoningFirst = needsZoningFirst(propertyType);
  const fields = formFields(form, {
    propertyType: {
      id: "permit-property-type",
      summaryId: `permit-property-type-${PROPERTY_TYPES[0]}`,
      label: t("PermitSelection.PropertyType"),
    },
    permits: {
      id: "permit-options",
      summaryId: `permit-options-${PERMIT_OPTIONS[0]}`,
      label: t("PermitSelection.Permits"),
      hint: t("PermitSelection.PermitsHint"),
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setUnavailable(false);
    let quickPermit: Activity | undefined;
    try {
      quickPermit = needsZoningFirst(values.propertyType)
        ? undefined
        : await queryClient.ensureQueryData(quickPermitQuery);
    } catch {
      quickPermit = undefined;
    }
    const destination = permitDestination(values, quickPermit, authUser);
    if (destination.kind === "unavailable") {
      setUnavailable(true);
      return;
    }
    navigate(destination.to, destination.kind === "zoning" ? { state: { from: ZONING_FROM_PERMITS } } : undefined);
  });

  return (
    <form noValidate onSubmit={onSubmit} className="service-form">
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
      <RadioGroupField
        {...fields.choice("propertyType")}
        required
        options={PROPERTY_TYPES.map((value) => ({ value, label: t(`PermitSelection.PropertyTypes.${value}`) }))}
      />
      {propertyType && zoningFirst ? <p>{t("PermitSelection.ZoningFirst")}</p> : null}
      {propertyType && !zoningFirst ? (
        <CheckboxGroupField
          {...fields.choice("permits")}
          required
          options={PERMIT_OPTIONS.map((value) => ({ value, label: t(`PermitSelection.Options.${value}`) }))}
        />
      ) : null}
      {unavailable ? <p role="alert">{t("PermitSelection.FormUnavailable")}</p> : null}
      <button type="submit" className="button button--primary">
        {t("PermitSelection.Next")}
      </button>
    </form>
  );
}
