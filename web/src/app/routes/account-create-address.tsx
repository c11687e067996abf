import { type AddressStepInput, ZAddressStep } from "@contract/account-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { PageHeading } from "@/components/layout/page-heading";
import { FormErrorSummary } from "@/components/ui/form-error-summary";
import { paths } from "@/config/paths";
import { PersonalAndAddressFields, personalAndAddressFields } from "@/features/account/components/address-fields";
import { summaryLinks, useErrorText } from "@/features/account/components/fields";
import { WizardSteps } from "@/features/account/components/wizard-steps";
import { readWizard, saveWizard } from "@/features/account/components/wizard-storage";
import { useAuth } from "@/lib/auth/auth-state";
import "@/features/account/components/account.css";

/** Account creation step 1 (spec 1 §2.4): personal info and address. */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { authUser } = useAuth();
  const stored = readWizard().address;
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, submitCount },
  } = useForm<AddressStepInput>({
    resolver: zodResolver(ZAddressStep),
    // The error summary takes focus instead (GOV.UK pattern).
    shouldFocusError: false,
    defaultValues: stored ?? {
      firstName: authUser?.FirstName ?? "",
      lastName: authUser?.LastName ?? "",
      phoneNumber: authUser?.PhoneNumber ?? "",
      address1: "",
      address2: "",
      city: "",
      state: "",
      zip: "",
    },
  });

  // Every keystroke is kept, so a reload or a later step's failure loses nothing.
  useEffect(() => {
    const subscription = watch((values) => saveWizard({ address: values as AddressStepInput }));
    return () => subscription.unsubscribe();
  }, [watch]);

  const onSubmit = handleSubmit((values) => {
    saveWizard({ address: values });
    navigate(paths.accountCreateAccountInformation.path);
  });

  const title = t("Pages.AccountCreateAddress");
  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <WizardSteps current={0} />
      <form className="account-form" noValidate onSubmit={onSubmit}>
        <FormErrorSummary
          errors={summaryLinks(errors, personalAndAddressFields(t, "step1"), errorText)}
          submitCount={submitCount}
        />
        <PersonalAndAddressFields
          idPrefix="step1"
          register={register}
          errors={errors}
          setValue={setValue}
          addressRequired={false}
        />
        <div className="account-form__actions">
          <button type="submit" className="button button--primary">
            {t("Account.Wizard.Next")}
          </button>
        </div>
      </form>
    </>
  );
}
