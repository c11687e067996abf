import { type LatLng, REPORT_MARKER_DEFAULT } from "@contract/maps";
import {
  assetKindOf,
  type MeTooResult,
  REPORT_TYPE_DEFINITIONS,
  type ReportData,
  type ReportField,
  type ReportStep,
  type ReportType,
  reportSteps,
} from "@contract/reports";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { activitiesQueryKey } from "@/api/get-activities";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { AddressPicker } from "@/components/map/address-picker";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { type FormFieldText, formFields } from "@/components/ui/form/form-fields";
import { SERVER_ERROR, useFormSteps } from "@/components/ui/form/form-steps";
import { TextAreaField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { submitReport } from "../api/submit-report";
import { ASSET_NOT_SURE, AssetChoice } from "./asset-choice";
import { NearbyReports } from "./nearby-reports";
import { PhotoPlaceOffer, photoPosition } from "./photo-place";
import { REPORT_FORM_DEFAULTS, type ReportFormValues, reportFormSchema } from "./report-form-schema";
import { CategoryStep, PhotosStep, RatingStep } from "./report-steps";
import "../reports.css";

const STEP_FIELD: Record<ReportStep, string> = {
  address: "report-address",
  category: "report-category",
  description: "report-description",
  images: "report-photos",
  rating: "report-rating",
};

const ADDRESS_PROBLEMS = ["OutsideCity", "AddressNotFound", "FarFromAddress"] as const;

/** The API's reason for refusing the report's place (`reportData.address.*` field errors), if any. */
function addressProblemOf(fields: Record<string, string>): (typeof ADDRESS_PROBLEMS)[number] | null {
  for (const [field, code] of Object.entries(fields)) {
    const known = ADDRESS_PROBLEMS.find((problem) => problem === code);
    if (field.startsWith("reportData.address") && known) return known;
  }
  return null;
}

/** The fields each step checks before the next (the category step's server reason about the asset goes with it). */
const stepNames = (step: ReportStep, fields: readonly ReportField[]): (keyof ReportFormValues | DetailName)[] => {
  if (step === "address") return ["address"];
  if (step === "category") return [...fields.map((field) => `details.${field}` as const), "asset"];
  if (step === "images") return ["photos"];
  return [step];
};

type DetailName = `details.${ReportField}`;

/**
 * A problem report, one step at a time (spec 3 §4): address, category details, description,
 * photos, rating, skipping those the type lacks. Each step is checked before the next; the
 * report id is made once, so sending again after a failure never files twice.
 *
 * Every answer, the picked place and the photos are the form's values (react-hook-form, checked by
 * reportFormSchema one step at a time); the API's reasons (photos too large, a place off the city's
 * map, an unknown asset) are put on their fields. Its own state is the step shown, the upload's
 * progress, the place read from a photo and the "me too" answer.
 */
export function ReportForm({ type, activityId }: { type: ReportType; activityId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { showSuccess, showError } = useModals();
  const definition = REPORT_TYPE_DEFINITIONS[type];
  const steps = reportSteps(type);
  const reportId = useRef(crypto.randomUUID());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const resolver = useMemo(() => zodResolver(reportFormSchema(type)), [type]);
  const form = useForm<ReportFormValues>({ resolver, shouldFocusError: false, defaultValues: REPORT_FORM_DEFAULTS });
  const formSteps = useFormSteps(form);
  const [index, setIndex] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoPlace, setPhotoPlace] = useState<LatLng | null>(null);
  const [meTooAdded, setMeTooAdded] = useState<MeTooResult | null>(null);
  const { address, details, asset, photos, rating } = form.watch();
  const { errors } = form.formState;
  const step = steps[index] as ReportStep;
  const assetKind = assetKindOf(type, details);
  const last = index === steps.length - 1;
  const shownIndex = useRef(index);

  // A new step takes focus at its heading (not on the first render).
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    headingRef.current?.focus();
  });

  // In page order: the error summary lists the fields in this order.
  const fields = formFields(form, {
    address: { id: "report-address", label: t("Report.FieldNames.address") },
    ...(Object.fromEntries(
      definition.fields.map((field) => [
        `details.${field}`,
        { id: `report-${field}`, label: t(`Report.Fields.${field}`) },
      ]),
    ) as Record<DetailName, FormFieldText>),
    asset: { id: "report-asset", label: t("Report.FieldNames.asset") },
    description: { id: "report-description", label: t("Report.Description"), hint: t("Report.DescriptionHint") },
    extraDescription: {
      id: "report-extra-description",
      label: t("Report.ExtraDescription"),
      hint: t("Report.ExtraDescriptionHint"),
    },
    photos: { id: "report-photos", label: t("Report.Photos") },
    rating: { id: "report-rating", label: t("Report.Rating") },
  });

  /** The API's reason about a field: shown on it, in the summary (focused), on the field's step. */
  const refused = (name: "address" | "asset" | "photos", message: string, at: ReportStep) => {
    form.setError(name, { type: SERVER_ERROR, message });
    formSteps.failed();
    setIndex(steps.indexOf(at));
  };

  const send = async () => {
    const values = form.getValues();
    const report: ReportData = {
      id: reportId.current,
      type,
      activityId,
      activityLanguageKey: `Report.Types.${type}`,
      address: values.address ? { address: values.address.address, location: values.address.location } : null,
      assetId:
        assetKindOf(type, values.details) && values.address && values.asset && values.asset !== ASSET_NOT_SURE
          ? values.asset
          : null,
      details: Object.fromEntries(
        definition.fields.filter((field) => values.details[field]).map((f) => [f, values.details[f] as string]),
      ),
      description: values.description.trim(),
      extraDescription: values.extraDescription.trim() || null,
      rating: values.rating ? Number(values.rating) : null,
    };
    setProgress(0);
    try {
      const result = await submitReport(report, definition.images ? values.photos : [], setProgress);
      await queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey });
      showSuccess(
        result.status === "filed" ? t("success-submit-case", { caseNumber: result.caseNumber }) : t("Report.Received"),
      );
      navigate(paths.dashboard.href());
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.status === 413) {
        refused("photos", "Report.PhotoProblems.TooLarge", "images");
        return;
      }
      // The server checks the place against the city's map (issue 33): back to the address step with its reason.
      const addressProblem = error instanceof ApiError ? addressProblemOf(error.fields) : null;
      if (addressProblem && steps.includes("address")) {
        refused("address", `Report.AddressProblems.${addressProblem}`, "address");
        return;
      }
      // The picked asset is not one the city's map knows near the place: back to the list.
      if (error instanceof ApiError && error.fields["reportData.assetId"] === "UnknownAsset") {
        form.setValue("asset", "");
        refused("asset", "Report.Assets.Problems.UnknownAsset", "category");
        return;
      }
      // An admin stopped this type meanwhile (issue 33): the catalogue read again shows its notice instead of the form.
      if (error instanceof ApiError && error.fields["reportData.type"] === "Stopped") {
        await queryClient.invalidateQueries({ queryKey: activitiesQueryKey });
        return;
      }
      showError();
    }
  };

  const onNext = async () => {
    if (!(await formSteps.check(stepNames(step, definition.fields)))) return;
    if (last) void send();
    else setIndex(index + 1);
  };

  const sending = progress !== null;

  return (
    <form
      className="report-form"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
    >
      <FieldErrorSummary errors={errors} fields={fields.summary} submitCount={formSteps.submitCount} />
      <h2 ref={headingRef} tabIndex={-1} id={`${STEP_FIELD[step]}-step`}>
        {t("Report.StepOf", { step: index + 1, count: steps.length, name: t(`Report.Steps.${step}`) })}
      </h2>
      {step === "address" ? (
        <AddressPicker
          id="report-address"
          value={address}
          onChange={(picked) => {
            form.setValue("address", picked);
            form.setValue("asset", "");
          }}
          required
          error={errors.address}
          defaultCenter={REPORT_MARKER_DEFAULT}
        />
      ) : null}
      {step === "address" && address ? (
        <NearbyReports type={type} place={address.location} added={meTooAdded} onAdded={setMeTooAdded} />
      ) : null}
      {step === "category" ? (
        <CategoryStep
          fields={definition.fields}
          details={details}
          errors={errors.details ?? {}}
          onChange={(field, value) => {
            const next = { ...details, [field]: value };
            if (assetKindOf(type, next) !== assetKind) form.setValue("asset", "");
            form.setValue("details", next);
          }}
        />
      ) : null}
      {step === "category" && assetKind && address ? (
        <AssetChoice
          kind={assetKind}
          place={address.location}
          value={asset}
          error={errors.asset}
          onChange={(value) => form.setValue("asset", value)}
        />
      ) : null}
      {step === "description" ? (
        <TextAreaField {...fields.input("description")} required rows={5} maxLength={4000} />
      ) : null}
      {step === "description" ? (
        <TextAreaField {...fields.input("extraDescription")} rows={3} maxLength={4000} />
      ) : null}
      {step === "images" ? (
        <>
          <PhotosStep
            files={photos}
            error={errors.photos}
            onChange={(chosen) => {
              form.setValue("photos", chosen);
              if (definition.address) void photoPosition(chosen).then(setPhotoPlace);
            }}
          />
          {definition.address ? (
            <PhotoPlaceOffer
              place={photoPlace}
              address={address}
              onUse={(picked) => form.setValue("address", picked)}
            />
          ) : null}
        </>
      ) : null}
      {step === "rating" ? (
        <RatingStep value={rating} error={errors.rating} onChange={(value) => form.setValue("rating", value)} />
      ) : null}
      {sending ? (
        <div className="report-form__progress">
          <label htmlFor="report-progress">{t("Report.Sending")}</label>
          <progress id="report-progress" max={100} value={progress ?? 0} />
        </div>
      ) : null}
      <div className="report-form__actions" hidden={meTooAdded !== null}>
        {index > 0 ? (
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            onClick={() => {
              form.clearErrors();
              setIndex(index - 1);
            }}
          >
            {t("Report.Back")}
          </button>
        ) : null}
        <button type="submit" className="button button--primary" disabled={sending}>
          {last ? t("Report.Send") : t("Report.Next")}
        </button>
      </div>
    </form>
  );
}
