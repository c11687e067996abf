import {
  type AccountInformationInput,
  STREET_NUMBER_MISMATCH,
  ZAccountInformation,
  ZAddressStep,
} from "@contract/account-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { AddressFields, addressSummaryFields } from "@/components/ui/form/address-fields";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { useErrorText } from "@/components/ui/form/field";
import { FieldErrorSummary, type SummaryField } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import { useMatchContact } from "../api/match-contact";
import { postWizardDestination } from "./destination";
import { clearWizard, readWizard, saveWizard } from "./wizard-storage";

const KINDS = ["hasUtilities", "hasSeveralProperties", "hasBusiness"] as const;
type Kind = (typeof KINDS)[number] | "noneOfTheAbove";
const emptyProperty = { id: "", address1: "", address2: "", city: "", state: "", zip: "" };

/**
 * Account creation step 2 (spec 1 §2.4, §5): the kinds of accounts the user has. Submitting
 * creates or matches the CRM contact (POST matchToSalesforceContact), which onboards the user.
 */
export function AccountInformationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const modals = useModals();
  const { authUser, reloadUser } = useAuth();
  const matchContact = useMatchContact();
  const [mismatch, setMismatch] = useState(false);
  const mismatchRef = useRef<HTMLDivElement>(null);
  const finished = useRef(false);
  const wizard = readWizard();
  const step1 = ZAddressStep.safeParse(wizard.address ?? {});

  const form = useForm<AccountInformationInput>({
    resolver: zodResolver(ZAccountInformation),
    // The error summary takes focus instead (GOV.UK pattern).
    shouldFocusError: false,
    defaultValues: wizard.accountInformation ?? {
      hasUtilities: false,
      hasSeveralProperties: false,
      hasBusiness: false,
      noneOfTheAbove: false,
      utilityAccountId: "",
      utilityStreetNumber: "",
      additionalProperties: [],
    },
  });
  const { register, control, handleSubmit, setValue, setError, watch } = form;
  const { errors, submitCount, isSubmitting } = form.formState;
  const properties = useFieldArray({ control, name: "additionalProperties" });

  useEffect(() => {
    const subscription = watch((values) => saveWizard({ accountInformation: values as AccountInformationInput }));
    return () => subscription.unsubscribe();
  }, [watch]);

  useEffect(() => {
    if (mismatch) mismatchRef.current?.focus();
  }, [mismatch]);

  const values = watch();
  // Step 1 must come first; its data is what this step sends. (Not once this step has finished
  // and cleared the stored data while the onboarded route table takes over.)
  if (!step1.success && !finished.current) {
    return (
      <p>
        {t("Account.Wizard.Step1First")}{" "}
        <Link to={paths.accountCreateAddress.path}>{t("Account.Wizard.GoToStep1")}</Link>
      </p>
    );
  }

  const onSubmit = handleSubmit(async (input) => {
    setMismatch(false);
    if (!step1.success) return;
    const info = ZAccountInformation.parse(input);
    saveWizard({ accountInformation: input });
    try {
      await matchContact.mutateAsync({
        ...step1.data,
        utilityAccountId: info.hasUtilities ? info.utilityAccountId : "",
        utilityStreetNumber: info.hasUtilities ? info.utilityStreetNumber : "",
        additionalProperties: info.hasSeveralProperties ? info.additionalProperties : [],
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.message === STREET_NUMBER_MISMATCH) {
        setMismatch(true);
        return;
      }
      if (applyApiFieldErrors(error, setError, { only: ["utilityAccountId"], shouldFocus: true })) return;
      modals.showError(t("Util.ErrorTryAgainLater"));
      return;
    }
    const destination = info.hasBusiness ? paths.accountCreateBusinessInformation.path : postWizardDestination();
    finished.current = true;
    if (!info.hasBusiness) clearWizard();
    if (authUser?.SalesforceId) {
      navigate(destination);
      return;
    }
    // The user is onboarded now: the onboarded route table takes over at the destination.
    window.history.replaceState(null, "", destination);
    await reloadUser();
  });

  const kind = (name: Kind) => {
    const registration = register(name);
    return {
      ...registration,
      onChange: (event: { target: unknown; type?: unknown }) => {
        // 'None of the above' is exclusive with the other three (spec 1 §5).
        if ((event.target as HTMLInputElement).checked) {
          if (name === "noneOfTheAbove") for (const other of KINDS) setValue(other, false);
          else setValue("noneOfTheAbove", false);
        }
        return registration.onChange(event);
      },
    };
  };

  const propertyLabel = (index: number) => t("Account.Property", { number: index + 2 });
  const fields = formFields(form, {
    noneOfTheAbove: { id: "step2-hasUtilities", label: t("Account.Field.AccountKinds") },
    utilityAccountId: {
      id: "step2-utilityAccountId",
      label: t("Account.Field.utilityAccountId"),
      hint: t("Account.Hint.UtilityAccountId"),
    },
    utilityStreetNumber: {
      id: "step2-utilityStreetNumber",
      label: t("Account.Field.utilityStreetNumber"),
      hint: t("Account.Hint.StreetNumber"),
    },
    additionalProperties: { id: "step2-add-property", label: t("Account.Section.AdditionalProperties") },
  });
  const summaryFields: SummaryField[] = [
    ...fields.summary,
    ...properties.fields.flatMap((_field, index) =>
      addressSummaryFields(t, {
        idPrefix: `step2-property-${index}`,
        namePrefix: `additionalProperties.${index}`,
      }).map((field) => ({ ...field, label: `${propertyLabel(index)}: ${field.label}` })),
    ),
  ];
  const kindsError = errors.noneOfTheAbove;

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <FieldErrorSummary errors={errors} fields={summaryFields} submitCount={submitCount} />
      {mismatch ? (
        <div ref={mismatchRef} className="account-alert" role="alert" tabIndex={-1}>
          {t("naviline-account-mismatch")}
        </div>
      ) : null}
      <fieldset aria-describedby={kindsError ? "step2-kinds-error" : undefined}>
        <legend>{t("Account.Field.AccountKinds")}</legend>
        {kindsError ? (
          <p id="step2-kinds-error" className="field__error">
            {errorText(kindsError.message)}
          </p>
        ) : null}
        <CheckboxField id="step2-hasUtilities" label={t("Account.Kind.Utilities")} {...kind("hasUtilities")} />
        {values.hasUtilities ? (
          <div className="form-row">
            <TextField {...fields.input("utilityAccountId")} required inputMode="numeric" />
            <TextField {...fields.input("utilityStreetNumber")} required />
          </div>
        ) : null}
        <CheckboxField
          id="step2-hasSeveralProperties"
          label={t("Account.Kind.SeveralProperties")}
          {...kind("hasSeveralProperties")}
        />
        <CheckboxField id="step2-hasBusiness" label={t("Account.Kind.Business")} {...kind("hasBusiness")} />
        <CheckboxField id="step2-noneOfTheAbove" label={t("Account.Kind.None")} {...kind("noneOfTheAbove")} />
      </fieldset>

      {values.hasSeveralProperties ? (
        <fieldset>
          <legend>{t("Account.Section.AdditionalProperties")}</legend>
          <p className="field__hint">{t("Account.Hint.Properties")}</p>
          {errors.additionalProperties?.message ? (
            <p className="field__error">{errorText(errors.additionalProperties.message)}</p>
          ) : null}
          {properties.fields.map((field, index) => (
            <fieldset key={field.id}>
              <legend>{propertyLabel(index)}</legend>
              <AddressFields
                idPrefix={`step2-property-${index}`}
                namePrefix={`additionalProperties.${index}`}
                register={register}
                errors={errors}
                required
              />
              <div>
                <button type="button" className="button button--secondary" onClick={() => properties.remove(index)}>
                  {t("Account.RemoveProperty", { number: index + 2 })}
                </button>
              </div>
            </fieldset>
          ))}
          <div>
            <button
              id="step2-add-property"
              type="button"
              className="button button--secondary"
              onClick={() => properties.append({ ...emptyProperty })}
            >
              {t("Account.AddProperty")}
            </button>
          </div>
        </fieldset>
      ) : null}

      <div className="account-form__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => navigate(paths.accountCreateAddress.path)}
        >
          {t("Account.Wizard.Back")}
        </button>
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {isSubmitting ? t("Account.Wizard.Saving") : t("Account.Wizard.Next")}
        </button>
      </div>
    </form>
  );
}
