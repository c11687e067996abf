import {
  ACTIVITY_ACTIONS,
  ACTIVITY_TYPES,
  type Activity,
  type ActivityAction,
  type ActivityUpdateInput,
  activityCreateSchema,
  activityUpdateSchema,
  CRM_OBJECT_OPTIONS,
} from "@contract/activity";
import { POPULAR_ICON_RECOMMENDED_SIZE } from "@contract/catalogue-admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId } from "react";
import { type FieldPath, type Resolver, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { type FormErrorLink, FormErrorSummary } from "@/components/ui/form-error-summary";
import { ApiError } from "@/lib/api-client";
import { useCrmFields } from "../api/get-crm-fields";
import { useLaserficheForms } from "../api/get-laserfiche-forms";

export type ActivityFormValues = ActivityUpdateInput;

type FieldName = FieldPath<ActivityFormValues>;

/** Field order of the form, used for the error summary. */
const FIELD_ORDER: FieldName[] = [
  "item",
  "type",
  "action",
  "order",
  "description",
  "salesforceObjectId",
  "laserficheProcessId",
  "externalLink",
  "content",
  "calendlyLink",
  "paymentCode",
  "salesforcePaymentField",
  "popularServiceOrder",
];

export function formValuesOf(activity: Activity): ActivityFormValues {
  return {
    item: activity.Item,
    type: activity.Type,
    action: activity.Action,
    order: activity.Order,
    description: activity.Description,
    published: activity.Published,
    calendlyLink: activity.CalendlyLink ?? "",
    paymentRequired: activity.PaymentRequired,
    paymentCode: activity.paymentCode ?? "",
    salesforcePaymentField: activity.salesforcePaymentField ?? "",
    guestEnabled: activity.GuestEnabled,
    popularService: activity.PopularService,
    popularServiceOrder: activity.PopularServiceOrder,
    content: activity.Content ?? "",
    externalLink: activity.ExternalLink ?? "",
    salesforceObjectId: activity.SalesforceObjectId ?? "",
    laserficheProcessId: activity.LaserficheProcessId ?? "",
    deleted: activity.Deleted,
    toggleInAppBrowser: activity.ToggleInAppBrowser,
  };
}

export function emptyFormValues(action: ActivityAction | null): ActivityFormValues {
  return {
    item: "",
    // An unchosen select: the schema answers 'Required'.
    type: "" as ActivityFormValues["type"],
    action: (action ?? "") as ActivityFormValues["action"],
    order: 0,
    description: "",
    published: false,
    calendlyLink: "",
    paymentRequired: false,
    paymentCode: "",
    salesforcePaymentField: "",
    guestEnabled: false,
    popularService: false,
    popularServiceOrder: 0,
    content: "",
    externalLink: "",
    salesforceObjectId: "",
    laserficheProcessId: "",
    deleted: false,
    toggleInAppBrowser: false,
  };
}

interface ActivityFormProps {
  mode: "create" | "edit";
  defaultValues: ActivityFormValues;
  popularServicesEnabled: boolean;
  onSubmit: (values: ActivityFormValues) => Promise<void>;
  /** Extra controls shown before the submit button (the icon upload on edit). */
  children?: ReactNode;
}

/** The create and edit form of a service (spec 1 §2.10, §3, §5), validated by the API's own schema. */
export function ActivityForm({ mode, defaultValues, popularServicesEnabled, onSubmit, children }: ActivityFormProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const schema =
    mode === "create" ? activityCreateSchema(popularServicesEnabled) : activityUpdateSchema(popularServicesEnabled);
  const form = useForm<ActivityFormValues>({
    defaultValues,
    resolver: zodResolver(schema) as unknown as Resolver<ActivityFormValues>,
    mode: "onSubmit",
    reValidateMode: "onChange",
    // The error summary takes focus instead (GOV.UK pattern); it links to each field.
    shouldFocusError: false,
  });
  const { register, handleSubmit, watch, formState, setError } = form;
  const type = watch("type");
  const paymentRequired = watch("paymentRequired");
  const popularService = watch("popularService");
  const salesforceObjectId = watch("salesforceObjectId");
  const forms = useLaserficheForms(type === "LASERFICHE_FORM");
  const crmFields = useCrmFields(type === "LASERFICHE_FORM" ? salesforceObjectId : null);

  const fieldId = (name: FieldName) => `${idPrefix}-${name}`;
  const errorId = (name: FieldName) => `${idPrefix}-${name}-error`;
  const label = (name: FieldName) => t(`ActivityAdmin.Field.${name}`);
  const errorOf = (name: FieldName) => {
    const message = formState.errors[name]?.message;
    return typeof message === "string" && message ? t(`ErrorValidation.${message}`, { defaultValue: message }) : null;
  };
  const aria = (name: FieldName, hintId?: string) => {
    const error = errorOf(name);
    const describedBy = [hintId, error ? errorId(name) : null].filter(Boolean).join(" ");
    return {
      id: fieldId(name),
      "aria-invalid": error ? true : undefined,
      "aria-describedby": describedBy || undefined,
    } as const;
  };
  const errorText = (name: FieldName) => {
    const error = errorOf(name);
    return error ? (
      <p id={errorId(name)} className="field__error">
        {error}
      </p>
    ) : null;
  };

  const summary: FormErrorLink[] = FIELD_ORDER.flatMap((name) => {
    const message = errorOf(name);
    return message ? [{ fieldId: fieldId(name), label: label(name), message }] : [];
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The API's field map (body.item -> Required) lands on the same fields.
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        for (const [path, message] of Object.entries(error.fields)) {
          const name = path.replace(/^body\./, "") as FieldName;
          if (FIELD_ORDER.includes(name)) setError(name, { type: "server", message });
        }
      }
      throw error;
    }
  });

  const text = (name: FieldName, options: { required?: boolean; type?: string; hint?: string } = {}) => {
    const hintId = options.hint ? `${fieldId(name)}-hint` : undefined;
    return (
      <div className="field">
        <label htmlFor={fieldId(name)}>
          {label(name)}
          {options.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {options.hint ? (
          <p id={hintId} className="field__hint">
            {options.hint}
          </p>
        ) : null}
        {errorText(name)}
        <input
          type={options.type ?? "text"}
          aria-required={options.required || undefined}
          {...aria(name, hintId)}
          {...register(name, options.type === "number" ? { valueAsNumber: true } : {})}
        />
      </div>
    );
  };
  const checkbox = (name: FieldName) => (
    <div className="field field--checkbox">
      <input type="checkbox" id={fieldId(name)} {...register(name)} />
      <label htmlFor={fieldId(name)}>{label(name)}</label>
    </div>
  );

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <FormErrorSummary errors={summary} submitCount={formState.submitCount} />
      <p className="field__hint">{t("ActivityAdmin.RequiredHint")}</p>
      {text("item", { required: true })}
      {mode === "edit" ? (
        <div className="field">
          <label htmlFor={fieldId("type")}>{label("type")}</label>
          <p id={`${fieldId("type")}-hint`} className="field__hint">
            {t("ActivityAdmin.TypeFixed")}
          </p>
          <input
            id={fieldId("type")}
            type="text"
            readOnly
            value={t(`ActivityAdmin.Type.${defaultValues.type}`)}
            aria-describedby={`${fieldId("type")}-hint`}
          />
        </div>
      ) : (
        <div className="field">
          <label htmlFor={fieldId("type")}>
            {label("type")}
            <span aria-hidden="true"> *</span>
          </label>
          {errorText("type")}
          <select aria-required {...aria("type")} {...register("type")}>
            <option value="">{t("ActivityAdmin.Choose")}</option>
            {ACTIVITY_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`ActivityAdmin.Type.${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="field">
        <label htmlFor={fieldId("action")}>
          {label("action")}
          <span aria-hidden="true"> *</span>
        </label>
        {errorText("action")}
        <select aria-required {...aria("action")} {...register("action")}>
          <option value="">{t("ActivityAdmin.Choose")}</option>
          {ACTIVITY_ACTIONS.map((value) => (
            <option key={value} value={value}>
              {t(`ActivityAdmin.Action.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {text("order", { required: true, type: "number" })}
      <div className="field">
        <label htmlFor={fieldId("description")}>
          {label("description")}
          {popularServicesEnabled ? null : <span aria-hidden="true"> *</span>}
        </label>
        {popularServicesEnabled ? (
          <p id={`${fieldId("description")}-hint`} className="field__hint">
            {t("ActivityAdmin.DescriptionDefaultHint")}
          </p>
        ) : null}
        {errorText("description")}
        <textarea
          rows={3}
          aria-required={!popularServicesEnabled || undefined}
          {...aria("description", popularServicesEnabled ? `${fieldId("description")}-hint` : undefined)}
          {...register("description")}
        />
      </div>

      {type === "LASERFICHE_FORM" ? (
        <fieldset className="admin-form__group">
          <legend>{t("ActivityAdmin.Type.LASERFICHE_FORM")}</legend>
          <div className="field">
            <label htmlFor={fieldId("salesforceObjectId")}>
              {label("salesforceObjectId")}
              <span aria-hidden="true"> *</span>
            </label>
            {errorText("salesforceObjectId")}
            <select aria-required {...aria("salesforceObjectId")} {...register("salesforceObjectId")}>
              <option value="">{t("ActivityAdmin.Choose")}</option>
              {CRM_OBJECT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId("laserficheProcessId")}>
              {label("laserficheProcessId")}
              <span aria-hidden="true"> *</span>
            </label>
            {forms.isError ? (
              <p id={`${fieldId("laserficheProcessId")}-hint`} className="field__hint">
                {t("ActivityAdmin.ProcessListUnavailable")}
              </p>
            ) : null}
            {errorText("laserficheProcessId")}
            {forms.data ? (
              <select aria-required {...aria("laserficheProcessId")} {...register("laserficheProcessId")}>
                <option value="">{t("ActivityAdmin.Choose")}</option>
                {forms.data.businessProcesses.map((process) => (
                  <option key={process.id} value={process.id}>
                    {process.name} ({process.id})
                  </option>
                ))}
              </select>
            ) : (
              <input
                type="text"
                aria-required
                {...aria("laserficheProcessId", forms.isError ? `${fieldId("laserficheProcessId")}-hint` : undefined)}
                {...register("laserficheProcessId")}
              />
            )}
          </div>
        </fieldset>
      ) : null}
      {type === "EXTERNAL_LINK" ? text("externalLink", { required: true, type: "url" }) : null}
      {type === "CONTENT" ? (
        <div className="field">
          <label htmlFor={fieldId("content")}>
            {label("content")}
            <span aria-hidden="true"> *</span>
          </label>
          {errorText("content")}
          <textarea rows={6} aria-required {...aria("content")} {...register("content")} />
        </div>
      ) : null}

      {text("calendlyLink", { type: "url", hint: t("ActivityAdmin.CalendlyHint") })}
      {checkbox("published")}
      {checkbox("guestEnabled")}
      {mode === "edit" ? checkbox("toggleInAppBrowser") : null}
      {checkbox("paymentRequired")}
      {paymentRequired ? (
        <>
          {text("paymentCode")}
          {type === "LASERFICHE_FORM" && crmFields.data ? (
            <div className="field">
              <label htmlFor={fieldId("salesforcePaymentField")}>{label("salesforcePaymentField")}</label>
              {errorText("salesforcePaymentField")}
              <select {...aria("salesforcePaymentField")} {...register("salesforcePaymentField")}>
                <option value="">{t("ActivityAdmin.Choose")}</option>
                {crmFields.data.map((field) => (
                  <option key={field.name} value={field.name}>
                    {field.label} ({field.name})
                  </option>
                ))}
              </select>
            </div>
          ) : (
            text("salesforcePaymentField")
          )}
        </>
      ) : null}
      {checkbox("popularService")}
      {popularService ? text("popularServiceOrder", { type: "number" }) : null}
      {children}
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={formState.isSubmitting}>
          {mode === "create" ? t("ActivityAdmin.Create") : t("ActivityAdmin.Save")}
        </button>
      </div>
    </form>
  );
}

export const POPULAR_ICON_HINT_SIZE = POPULAR_ICON_RECOMMENDED_SIZE;
