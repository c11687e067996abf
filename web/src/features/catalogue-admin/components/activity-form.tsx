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
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { type FormFieldText, formFields } from "@/components/ui/form/form-fields";
import { SelectField } from "@/components/ui/form/select-field";
import { TextAreaField, TextField } from "@/components/ui/form/text-field";
import { useCrmFields } from "../api/get-crm-fields";
import { useLaserficheForms } from "../api/get-laserfiche-forms";

export type ActivityFormValues = ActivityUpdateInput;

type FieldName = FieldPath<ActivityFormValues>;

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
    stopperEn: activity.Stopper?.en ?? "",
    stopperEs: activity.Stopper?.es ?? "",
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
    stopperEn: "",
    stopperEs: "",
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
  const action = watch("action");
  const forms = useLaserficheForms(type === "LASERFICHE_FORM");
  const crmFields = useCrmFields(type === "LASERFICHE_FORM" ? salesforceObjectId : null);

  const text = (name: FieldName, hint?: string): FormFieldText => ({
    id: `${idPrefix}-${name}`,
    label: t(`ActivityAdmin.Field.${name}`),
    hint,
  });
  // Page order: the error summary's.
  const fields = formFields(form, {
    item: text("item"),
    type: text("type"),
    action: text("action"),
    order: text("order"),
    description: text("description", popularServicesEnabled ? t("ActivityAdmin.DescriptionDefaultHint") : undefined),
    salesforceObjectId: text("salesforceObjectId"),
    // The process list (a select) needs no hint; typed by hand, it says why.
    laserficheProcessId: text(
      "laserficheProcessId",
      !forms.data && forms.isError ? t("ActivityAdmin.ProcessListUnavailable") : undefined,
    ),
    externalLink: text("externalLink"),
    content: text("content"),
    calendlyLink: text("calendlyLink", t("ActivityAdmin.CalendlyHint")),
    paymentCode: text("paymentCode"),
    salesforcePaymentField: text("salesforcePaymentField"),
    popularServiceOrder: text("popularServiceOrder"),
    stopperEn: text("stopperEn", t("ActivityAdmin.Stopper.Hint")),
    stopperEs: text("stopperEs"),
  });
  const errors = formState.errors;
  const choose = t("ActivityAdmin.Choose");

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The API's field map (body.item -> Required) lands on the same fields.
      applyApiFieldErrors(error, setError, { only: fields.summary.map(({ name }) => name) });
      throw error;
    }
  });

  const checkbox = (name: FieldName) => {
    const { id, label } = text(name);
    return <CheckboxField id={id} label={label} error={errors[name]} {...register(name)} />;
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <FieldErrorSummary errors={errors} fields={fields.summary} submitCount={formState.submitCount} />
      <TextField {...fields.input("item")} required />
      {mode === "edit" ? (
        <TextField
          {...text("type", t("ActivityAdmin.TypeFixed"))}
          readOnly
          value={t(`ActivityAdmin.Type.${defaultValues.type}`)}
        />
      ) : (
        <SelectField
          {...fields.input("type")}
          required
          placeholder={choose}
          options={ACTIVITY_TYPES.map((value) => ({ value, label: t(`ActivityAdmin.Type.${value}`) }))}
        />
      )}
      <SelectField
        {...fields.input("action")}
        required
        placeholder={choose}
        options={ACTIVITY_ACTIONS.map((value) => ({ value, label: t(`ActivityAdmin.Action.${value}`) }))}
      />
      <TextField type="number" {...fields.input("order", { valueAsNumber: true })} required />
      <TextAreaField rows={3} {...fields.input("description")} required={!popularServicesEnabled} />

      {type === "LASERFICHE_FORM" ? (
        <fieldset className="admin-form__group">
          <legend>{t("ActivityAdmin.Type.LASERFICHE_FORM")}</legend>
          <SelectField
            {...fields.input("salesforceObjectId")}
            required
            placeholder={choose}
            options={CRM_OBJECT_OPTIONS}
          />
          {forms.data ? (
            <SelectField
              {...fields.input("laserficheProcessId")}
              required
              placeholder={choose}
              options={forms.data.businessProcesses.map((process) => ({
                value: process.id,
                label: `${process.name} (${process.id})`,
              }))}
            />
          ) : (
            <TextField {...fields.input("laserficheProcessId")} required />
          )}
        </fieldset>
      ) : null}
      {type === "EXTERNAL_LINK" ? <TextField type="url" {...fields.input("externalLink")} required /> : null}
      {type === "CONTENT" ? <TextAreaField rows={6} {...fields.input("content")} required /> : null}

      <TextField type="url" {...fields.input("calendlyLink")} />
      {checkbox("published")}
      {checkbox("guestEnabled")}
      {mode === "edit" ? checkbox("toggleInAppBrowser") : null}
      {checkbox("paymentRequired")}
      {paymentRequired ? (
        <>
          <TextField {...fields.input("paymentCode")} />
          {type === "LASERFICHE_FORM" && crmFields.data ? (
            <SelectField
              {...fields.input("salesforcePaymentField")}
              placeholder={choose}
              options={crmFields.data.map((crmField) => ({
                value: crmField.name,
                label: `${crmField.label} (${crmField.name})`,
              }))}
            />
          ) : (
            <TextField {...fields.input("salesforcePaymentField")} />
          )}
        </>
      ) : null}
      {checkbox("popularService")}
      {popularService ? (
        <TextField type="number" {...fields.input("popularServiceOrder", { valueAsNumber: true })} />
      ) : null}
      {action === "REPORT" ? (
        <fieldset className="admin-form__group">
          <legend>{t("ActivityAdmin.Stopper.Legend")}</legend>
          <TextAreaField rows={4} {...fields.input("stopperEn")} />
          <TextAreaField rows={4} {...fields.input("stopperEs")} />
        </fieldset>
      ) : null}
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
