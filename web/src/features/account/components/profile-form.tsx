import { type ProfileUpdateInput, ZProfileUpdate } from "@contract/account-forms";
import type { PortalUser } from "@contract/user";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { FormActions } from "@/components/ui/form/form-actions";
import { useModals } from "@/components/ui/modals";
import { useUpdateProfile } from "../api/update-profile";
import { PersonalDetails, personalDetailsSummary } from "./personal-details";

/** The account page's profile form (spec 1 §2.5, §5): all four address fields required here. */
export function ProfileForm({ user, onDelete }: { user: PortalUser; onDelete: () => void }) {
  const { t } = useTranslation();
  const modals = useModals();
  const update = useUpdateProfile();
  const contact = user.salesforceContact;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<ProfileUpdateInput>({
    resolver: zodResolver(ZProfileUpdate),
    // The error summary takes focus instead (GOV.UK pattern).
    shouldFocusError: false,
    defaultValues: {
      firstName: user.FirstName ?? "",
      lastName: user.LastName ?? "",
      phoneNumber: user.PhoneNumber ?? "",
      address1: contact?.address1 ?? "",
      address2: contact?.address2 ?? "",
      city: contact?.city ?? "",
      state: contact?.state ?? "",
      zip: contact?.zip ?? "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      modals.showSuccess(t("Modal.ChangesSaved"));
    } catch (error) {
      // The API refuses what this form would: show its field errors where they belong.
      if (!applyApiFieldErrors(error, setError)) modals.showError(t("error-update"));
    }
  });

  return (
    <form className="account-form" noValidate onSubmit={onSubmit} aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{t("Account.Section.Profile")}</h2>
      <FieldErrorSummary errors={errors} fields={personalDetailsSummary(t, "profile")} submitCount={submitCount} />
      <PersonalDetails idPrefix="profile" register={register} errors={errors} addressRequired />
      <FormActions
        className="account-form__actions"
        actions={[
          { label: t("Account.SaveChanges"), disabled: isSubmitting },
          { label: t("Account.DeleteAccount"), onClick: onDelete },
        ]}
      />
    </form>
  );
}
