import {
  isFieldRequired,
  REPORT_OPTIONS,
  REPORT_PHOTOS_MAX_BYTES,
  REPORT_PHOTOS_MAX_COUNT,
  REPORT_RATING_MAX,
  type ReportField,
} from "@contract/reports";
import { useTranslation } from "react-i18next";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { Field, type FieldErrorValue } from "@/components/ui/form/field";
import { SelectField } from "@/components/ui/form/select-field";

/** The category details step: one question per field of the type (spec 3 §3 option lists). */
export function CategoryStep({
  fields,
  details,
  errors,
  onChange,
}: {
  fields: readonly ReportField[];
  details: Partial<Record<ReportField, string>>;
  /** The fields' errors, by field. */
  errors: Partial<Record<ReportField, FieldErrorValue>>;
  onChange: (field: ReportField, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {fields.map((field) => {
        const options = REPORT_OPTIONS[field].map((value) => ({
          value,
          label: t(`Report.Options.${field}.${value}`),
        }));
        const id = `report-${field}`;
        const required = isFieldRequired(field, details);
        const hint = field === "container" ? t("Report.Hints.container") : undefined;
        // Short lists are radios (every choice visible); long ones a select.
        return options.length <= 3 ? (
          <RadioGroupField
            key={field}
            id={id}
            legend={t(`Report.Fields.${field}`)}
            hint={hint}
            required={required}
            error={errors[field]}
            options={options}
            value={details[field] ?? ""}
            onValueChange={(value) => onChange(field, value)}
          />
        ) : (
          <SelectField
            key={field}
            id={id}
            label={t(`Report.Fields.${field}`)}
            hint={hint}
            required={required}
            error={errors[field]}
            options={options}
            placeholder={t("Report.Choose")}
            value={details[field] ?? ""}
            onChange={(event) => onChange(field, event.currentTarget.value)}
          />
        );
      })}
    </>
  );
}

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The photos step: choose, see the total against 10 MB, remove; progress while sending. */
export function PhotosStep({
  files,
  error,
  onChange,
}: {
  files: File[];
  error?: FieldErrorValue;
  onChange: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <Field
      id="report-photos"
      label={t("Report.Photos")}
      hint={t("Report.PhotosHint", { count: REPORT_PHOTOS_MAX_COUNT })}
      error={error}
    >
      {(aria) => (
        <>
          <input
            {...aria}
            type="file"
            multiple
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              onChange([...files, ...(event.currentTarget.files ?? [])]);
              event.currentTarget.value = "";
            }}
          />
          {files.length > 0 ? (
            <ul className="report-photos">
              {files.map((file, index) => (
                <li key={`${file.name}-${file.size}-${file.lastModified}`}>
                  {file.name} ({megabytes(file.size)} MB){" "}
                  <button
                    type="button"
                    className="button button--link"
                    aria-label={t("Report.RemovePhoto", { name: file.name })}
                    onClick={() => onChange(files.filter((_, other) => other !== index))}
                  >
                    {t("Report.Remove")}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="field__hint" aria-live="polite">
            {t("Report.PhotosTotal", { size: megabytes(total) })}
          </p>
        </>
      )}
    </Field>
  );
}

/** The photos' problem, or null: too many, too large together, or not an image. */
export function photosProblem(files: File[]): string | null {
  if (files.length > REPORT_PHOTOS_MAX_COUNT) return "TooMany";
  if (files.reduce((sum, file) => sum + file.size, 0) > REPORT_PHOTOS_MAX_BYTES) return "TooLarge";
  if (files.some((file) => !/^image\/(png|jpeg|gif|webp)$/.test(file.type))) return "NotAnImage";
  return null;
}

/** The app-feedback rating, 1 to 5. */
export function RatingStep({
  value,
  error,
  onChange,
}: {
  value: string;
  error?: FieldErrorValue;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const options = Array.from({ length: REPORT_RATING_MAX }, (_, index) => String(index + 1)).map((rating) => ({
    value: rating,
    label: t(`Report.RatingOptions.${rating}`),
  }));
  return (
    <RadioGroupField
      id="report-rating"
      legend={t("Report.Rating")}
      required
      error={error}
      options={options}
      value={value}
      onValueChange={onChange}
    />
  );
}
