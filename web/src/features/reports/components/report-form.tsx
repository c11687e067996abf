import { type LatLng, REPORT_MARKER_DEFAULT } from "@contract/maps";
import {
  assetKindOf,
  isFieldRequired,
  type MeTooResult,
  REPORT_TYPE_DEFINITIONS,
  type ReportData,
  type ReportStep,
  type ReportType,
  reportSteps,
} from "@contract/reports";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { activitiesQueryKey } from "@/api/get-activities";
import { userActivitiesQueryKey } from "@/api/get-in-progress";
import { AddressPicker } from "@/components/map/address-picker";
import type { PickedAddress } from "@/components/map/picked-address";
import { TextAreaField } from "@/components/ui/form/text-field";
import { type FormErrorLink, FormErrorSummary } from "@/components/ui/form-error-summary";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { submitReport } from "../api/submit-report";
import { ASSET_NOT_SURE, AssetChoice } from "./asset-choice";
import { NearbyReports } from "./nearby-reports";
import { PhotoPlaceOffer, photoPosition } from "./photo-place";
import { CategoryStep, PhotosStep, photosProblem, RatingStep } from "./report-steps";
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

/**
 * A problem report, one step at a time (spec 3 §4): address, category details, description,
 * photos, rating, skipping those the type lacks. Each step is checked before the next; the
 * report id is made once, so sending again after a failure never files twice.
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
  const [index, setIndex] = useState(0);
  const [address, setAddress] = useState<PickedAddress | null>(null);
  const [details, setDetails] = useState<Record<string, string>>({});
  /** The asset picked from the nearest list (issue 33): its id, ASSET_NOT_SURE, or "" (none yet). */
  const [asset, setAsset] = useState("");
  const [description, setDescription] = useState("");
  const [extraDescription, setExtraDescription] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [rating, setRating] = useState("");
  const [submittedErrors, setErrors] = useState<FormErrorLink[]>([]);
  /** The API's answer about the photos (too large): stays until other photos are chosen. */
  const [serverErrors, setServerErrors] = useState<FormErrorLink[]>([]);
  const [submitCount, setSubmitCount] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [photoPlace, setPhotoPlace] = useState<LatLng | null>(null);
  const [meTooAdded, setMeTooAdded] = useState<MeTooResult | null>(null);
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

  const required = (fieldId: string, label: string): FormErrorLink => ({
    fieldId,
    label,
    message: t("ErrorValidation.Required"),
  });

  const problemsOf = (current: ReportStep): FormErrorLink[] => {
    if (current === "address") return address ? [] : [required("report-address", t("Report.FieldNames.address"))];
    if (current === "category")
      return definition.fields
        .filter((field) => !details[field] && isFieldRequired(field, details))
        .map((field) => required(`report-${field}`, t(`Report.Fields.${field}`)));
    if (current === "description")
      return description.trim() ? [] : [required("report-description", t("Report.Description"))];
    if (current === "rating") return rating ? [] : [required("report-rating", t("Report.Rating"))];
    const problem = photosProblem(files);
    return problem
      ? [{ fieldId: "report-photos", label: t("Report.Photos"), message: t(`Report.PhotoProblems.${problem}`) }]
      : [];
  };

  const send = async () => {
    const report: ReportData = {
      id: reportId.current,
      type,
      activityId,
      activityLanguageKey: `Report.Types.${type}`,
      address: address ? { address: address.address, location: address.location } : null,
      assetId: assetKind && address && asset && asset !== ASSET_NOT_SURE ? asset : null,
      details: Object.fromEntries(
        definition.fields.filter((field) => details[field]).map((f) => [f, details[f] as string]),
      ),
      description: description.trim(),
      extraDescription: extraDescription.trim() || null,
      rating: rating ? Number(rating) : null,
    };
    setProgress(0);
    try {
      const result = await submitReport(report, definition.images ? files : [], setProgress);
      await queryClient.invalidateQueries({ queryKey: userActivitiesQueryKey });
      showSuccess(
        result.status === "filed" ? t("success-submit-case", { caseNumber: result.caseNumber }) : t("Report.Received"),
      );
      navigate(paths.dashboard.href());
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.status === 413) {
        setErrors([]);
        setServerErrors([
          { fieldId: "report-photos", label: t("Report.Photos"), message: t("Report.PhotoProblems.TooLarge") },
        ]);
        setSubmitCount((count) => count + 1);
        setIndex(steps.indexOf("images"));
        return;
      }
      // The server checks the place against the city's map (issue 33): back to the address step with its reason.
      const addressProblem = error instanceof ApiError ? addressProblemOf(error.fields) : null;
      if (addressProblem && steps.includes("address")) {
        setErrors([]);
        setServerErrors([
          {
            fieldId: "report-address",
            label: t("Report.FieldNames.address"),
            message: t(`Report.AddressProblems.${addressProblem}`),
          },
        ]);
        setSubmitCount((count) => count + 1);
        setIndex(steps.indexOf("address"));
        return;
      }
      // The picked asset is not one the city's map knows near the place: back to the list.
      if (error instanceof ApiError && error.fields["reportData.assetId"] === "UnknownAsset") {
        setErrors([]);
        setServerErrors([
          {
            fieldId: "report-asset",
            label: t("Report.FieldNames.asset"),
            message: t("Report.Assets.Problems.UnknownAsset"),
          },
        ]);
        setAsset("");
        setSubmitCount((count) => count + 1);
        setIndex(steps.indexOf("category"));
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

  const onNext = () => {
    const problems = problemsOf(step);
    setErrors(problems);
    setServerErrors([]);
    if (problems.length > 0) {
      setSubmitCount((count) => count + 1);
      return;
    }
    if (last) void send();
    else setIndex(index + 1);
  };

  // GOV.UK: an error goes away as soon as its field is valid (an address chosen, a text written);
  // a field that becomes invalid is reported at the next submit, not while the resident types.
  const stillFailing = new Set(problemsOf(step).map((problem) => problem.fieldId));
  const errors = [...submittedErrors.filter((error) => stillFailing.has(error.fieldId)), ...serverErrors];
  const errorOf = (fieldId: string) => errors.find((error) => error.fieldId === fieldId)?.message;
  const detailErrors = Object.fromEntries(errors.map((error) => [error.fieldId, error.message]));
  const sending = progress !== null;

  return (
    <form
      className="report-form"
      noValidate
      aria-busy={sending}
      onSubmit={(event) => {
        event.preventDefault();
        onNext();
      }}
    >
      <FormErrorSummary errors={errors} submitCount={submitCount} />
      <h2 ref={headingRef} tabIndex={-1} id={`${STEP_FIELD[step]}-step`}>
        {t("Report.StepOf", { step: index + 1, count: steps.length, name: t(`Report.Steps.${step}`) })}
      </h2>
      {step === "address" ? (
        <AddressPicker
          id="report-address"
          value={address}
          onChange={(picked) => {
            setAddress(picked);
            setAsset("");
            setServerErrors([]);
          }}
          required
          error={errorOf("report-address")}
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
          errors={detailErrors}
          onChange={(field, value) => {
            const next = { ...details, [field]: value };
            if (assetKindOf(type, next) !== assetKind) setAsset("");
            setDetails(next);
          }}
        />
      ) : null}
      {step === "category" && assetKind && address ? (
        <AssetChoice
          kind={assetKind}
          place={address.location}
          value={asset}
          error={errorOf("report-asset")}
          onChange={(value) => {
            setAsset(value);
            setServerErrors([]);
          }}
        />
      ) : null}
      {step === "description" ? (
        <TextAreaField
          id="report-description"
          label={t("Report.Description")}
          hint={t("Report.DescriptionHint")}
          required
          rows={5}
          maxLength={4000}
          error={errorOf("report-description")}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
      ) : null}
      {step === "description" ? (
        <TextAreaField
          id="report-extra-description"
          label={t("Report.ExtraDescription")}
          hint={t("Report.ExtraDescriptionHint")}
          rows={3}
          maxLength={4000}
          value={extraDescription}
          onChange={(event) => setExtraDescription(event.currentTarget.value)}
        />
      ) : null}
      {step === "images" ? (
        <>
          <PhotosStep
            files={files}
            error={errorOf("report-photos")}
            onChange={(chosen) => {
              setFiles(chosen);
              setServerErrors([]);
              if (definition.address) void photoPosition(chosen).then(setPhotoPlace);
            }}
          />
          {definition.address ? <PhotoPlaceOffer place={photoPlace} address={address} onUse={setAddress} /> : null}
        </>
      ) : null}
      {step === "rating" ? <RatingStep value={rating} error={errorOf("report-rating")} onChange={setRating} /> : null}
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
              setErrors([]);
              setServerErrors([]);
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
