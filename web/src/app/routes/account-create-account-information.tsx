import {
  type AccountInformationInput,
  limitZip,
  STREET_NUMBER_MISMATCH,
  ZAccountInformation,
  ZAddressStep,
} from "@contract/account-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { FormErrorSummary } from "@/components/ui/form-error-summary";
import { useModals } from "@/components/ui/modals";
import { paths } from "@/config/paths";
import { useMatchContact } from "@/features/account/api/match-contact";
import { postWizardDestination } from "@/features/account/components/destination";
import { CheckboxField, StateField, summaryLinks, TextField, useErrorText } from "@/features/account/components/fields";
import { WizardSteps } from "@/features/account/components/wizard-steps";
import { clearWizard, readWizard, saveWizard } from "@/features/account/components/wizard-storage";
import { ApiError } from "@/lib/api-client";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/account/components/account.css";

const KINDS = ["hasUtilities", "hasSeveralProperties", "hasBusiness"] as const;
const emptyProperty = { id: "", address1: "", address2: "", city: "", state: "", zip: "" };

/**
 * Account creation step 2 (spec 1 §2.4, §5): the kinds of accounts the user has. Submitting
 * creates or matches the CRM contact (POST matchToSalesforceContact), which onboards the user.
 */
export function Component() {
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

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<AccountInformationInput>({
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
  const title = t("Pages.AccountCreateAccountInformation");
  if (!step1.success && !finished.current) {
    return (
      <>
        <PageHeading documentTitle={title}>{title}</PageHeading>
        <WizardSteps current={1} />
        <p>
          {t("Account.Wizard.Step1First")}{" "}
          <Link to={paths.accountCreateAddress.path}>{t("Account.Wizard.GoToStep1")}</Link>
        </p>
      </>
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
      if (error instanceof ApiError && error.status === 400 && error.fields["body.utilityAccountId"]) {
        setError("utilityAccountId", { message: error.fields["body.utilityAccountId"] }, { shouldFocus: true });
        return;
      }
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

  const toggleKind = (name: (typeof KINDS)[number] | "noneOfTheAbove", checked: boolean) => {
    // 'None of the above' is exclusive with the other three (spec 1 §5).
    if (!checked) return;
    if (name === "noneOfTheAbove") for (const kind of KINDS) setValue(kind, false);
    else setValue("noneOfTheAbove", false);
  };
  const checkbox = (name: (typeof KINDS)[number] | "noneOfTheAbove") => {
    const registration = register(name);
    return {
      ...registration,
      onChange: (event: { target: unknown; type?: unknown }) => {
        toggleKind(name, (event.target as HTMLInputElement).checked);
        return registration.onChange(event);
      },
    };
  };

  const summaryFields: [string, string, string][] = [
    ["noneOfTheAbove", "step2-hasUtilities", t("Account.Field.AccountKinds")],
    ["utilityAccountId", "step2-utilityAccountId", t("Account.Field.utilityAccountId")],
    ["utilityStreetNumber", "step2-utilityStreetNumber", t("Account.Field.utilityStreetNumber")],
    ["additionalProperties", "step2-add-property", t("Account.Section.AdditionalProperties")],
    ...properties.fields.flatMap((_field, index) =>
      (["address1", "city", "state", "zip"] as const).map(
        (name) =>
          [
            `additionalProperties.${index}.${name}`,
            `step2-property-${index}-${name}`,
            `${t("Account.Property", { number: index + 2 })}: ${t(`Account.Field.${name}`)}`,
          ] as [string, string, string],
      ),
    ),
  ];
  const kindsError = errors.noneOfTheAbove;

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <WizardSteps current={1} />
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary errors={summaryLinks(errors, summaryFields, errorText)} submitCount={submitCount} />
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
          <CheckboxField
            id="step2-hasUtilities"
            label={t("Account.Kind.Utilities")}
            registration={checkbox("hasUtilities")}
          />
          {values.hasUtilities ? (
            <div className="account-form__row">
              <TextField
                id="step2-utilityAccountId"
                label={t("Account.Field.utilityAccountId")}
                hint={t("Account.Hint.UtilityAccountId")}
                required
                inputMode="numeric"
                error={errors.utilityAccountId}
                registration={register("utilityAccountId")}
              />
              <TextField
                id="step2-utilityStreetNumber"
                label={t("Account.Field.utilityStreetNumber")}
                hint={t("Account.Hint.StreetNumber")}
                required
                error={errors.utilityStreetNumber}
                registration={register("utilityStreetNumber")}
              />
            </div>
          ) : null}
          <CheckboxField
            id="step2-hasSeveralProperties"
            label={t("Account.Kind.SeveralProperties")}
            registration={checkbox("hasSeveralProperties")}
          />
          <CheckboxField
            id="step2-hasBusiness"
            label={t("Account.Kind.Business")}
            registration={checkbox("hasBusiness")}
          />
          <CheckboxField
            id="step2-noneOfTheAbove"
            label={t("Account.Kind.None")}
            registration={checkbox("noneOfTheAbove")}
          />
        </fieldset>

        {values.hasSeveralProperties ? (
          <fieldset>
            <legend>{t("Account.Section.AdditionalProperties")}</legend>
            <p className="field__hint">{t("Account.Hint.Properties")}</p>
            {errors.additionalProperties?.message ? (
              <p className="field__error">{errorText(errors.additionalProperties.message)}</p>
            ) : null}
            {properties.fields.map((field, index) => {
              const id = (name: string) => `step2-property-${index}-${name}`;
              const error = errors.additionalProperties?.[index];
              const zip = register(`additionalProperties.${index}.zip`);
              return (
                <fieldset key={field.id}>
                  <legend>{t("Account.Property", { number: index + 2 })}</legend>
                  <TextField
                    id={id("address1")}
                    label={t("Account.Field.address1")}
                    required
                    error={error?.address1}
                    registration={register(`additionalProperties.${index}.address1`)}
                  />
                  <TextField
                    id={id("address2")}
                    label={t("Account.Field.address2")}
                    error={error?.address2}
                    registration={register(`additionalProperties.${index}.address2`)}
                  />
                  <div className="account-form__row">
                    <TextField
                      id={id("city")}
                      label={t("Account.Field.city")}
                      required
                      error={error?.city}
                      registration={register(`additionalProperties.${index}.city`)}
                    />
                    <StateField
                      id={id("state")}
                      label={t("Account.Field.state")}
                      required
                      error={error?.state}
                      registration={register(`additionalProperties.${index}.state`)}
                    />
                    <TextField
                      id={id("zip")}
                      label={t("Account.Field.zip")}
                      required
                      inputMode="numeric"
                      maxLength={5}
                      error={error?.zip}
                      registration={{
                        ...zip,
                        onChange: (event) => {
                          const target = event.target as HTMLInputElement;
                          setValue(`additionalProperties.${index}.zip`, limitZip(target.value));
                          return Promise.resolve();
                        },
                      }}
                    />
                  </div>
                  <div>
                    <button type="button" className="button button--secondary" onClick={() => properties.remove(index)}>
                      {t("Account.RemoveProperty", { number: index + 2 })}
                    </button>
                  </div>
                </fieldset>
              );
            })}
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
    </>
  );
}
