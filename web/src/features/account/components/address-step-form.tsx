import { type AddressStepInput, ZAddressStep } from "@contract/account-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { useAuth } from "@/lib/auth/auth-state";
import { PersonalDetails, personalDetailsSummary } from "./personal-details";
import { readWizard, saveWizard } from "./wizard-storage";

/** Account creation step 1 (spec 1 §2.4): personal info and an optional address, kept as typed. */
export function AddressStepForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { authUser } = useAuth();
  const stored = readWizard().address;
  const {
    register,
    handleSubmit,
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
    onDone();
  });

  return (
    <form className="account-form" noValidate onSubmit={onSubmit}>
      <FieldErrorSummary errors={errors} fields={personalDetailsSummary(t, "step1")} submitCount={submitCount} />
      <PersonalDetails idPrefix="step1" register={register} errors={errors} addressRequired={false} />
      <div className="account-form__actions">
        <button type="submit" className="button button--primary">
          {t("Account.Wizard.Next")}
        </button>
      </div>
    </form>
  );
}
