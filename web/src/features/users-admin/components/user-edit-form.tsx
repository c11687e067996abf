import {
  type AdminUserEditFormInput,
  type AdminUserEditFormValues,
  type AdminUserUpdate,
  ZAdminUserEditForm,
} from "@contract/account-forms";
import type { AdminUserDetail } from "@contract/admin-users";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { PhoneField } from "@/components/ui/form/phone-field";
import { TextField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import { formatActivityTime } from "@/utils/format";
import { useUpdateAdminUser } from "../api/admin-users";

const TEXT_FIELDS = ["FirstName", "LastName", "PhoneNumber", "SalesforceId"] as const;

/** The right column of the admin user edit (spec 3): names, phone, CRM id, read-only email, Admin, Staff (issue 31), Save. */
export function UserEditForm({ user, onSaved }: { user: AdminUserDetail; onSaved?: () => void }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  // Spec 3 §8: a failed update shows an inline banner headed 'Error' and an error toast.
  const [failed, setFailed] = useState(false);
  const update = useUpdateAdminUser(user.Id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount, isSubmitting },
  } = useForm<AdminUserEditFormInput, unknown, AdminUserEditFormValues>({
    resolver: zodResolver(ZAdminUserEditForm),
    shouldFocusError: false,
    defaultValues: {
      FirstName: user.FirstName ?? "",
      LastName: user.LastName ?? "",
      PhoneNumber: user.PhoneNumber ?? "",
      SalesforceId: user.SalesforceId ?? "",
      Admin: user.Admin,
      Staff: user.Staff,
    },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      const body: AdminUserUpdate = {
        FirstName: values.FirstName,
        LastName: values.LastName,
        PhoneNumber: values.PhoneNumber,
        Admin: values.Admin,
        Staff: values.Staff,
        SalesforceId: values.SalesforceId,
      };
      setFailed(false);
      try {
        await update.mutateAsync(body);
        toasts.show("successUpdate");
        onSaved?.();
      } catch (error) {
        applyApiFieldErrors(error, setError);
        setFailed(true);
        toasts.show("errorUpdate", t("User.FailedToUpdateUser"));
      }
    },
    // Required fields missing: the summary lists them and takes focus.
    () => setFailed(false),
  );

  const summary = TEXT_FIELDS.map((name) => ({ name, id: `user-edit-${name}`, label: t(`UsersAdmin.Column.${name}`) }));
  const adminHint =
    user.AdminChangedAt && user.AdminChangedBy
      ? t("UsersAdmin.AdminChanged", { who: user.AdminChangedBy, when: formatActivityTime(user.AdminChangedAt) })
      : t("UsersAdmin.AdminHint");

  return (
    <form className="admin-form" noValidate onSubmit={onSubmit} aria-labelledby="user-edit-title">
      <h2 id="user-edit-title">{t("UsersAdmin.EditDetails")}</h2>
      {failed ? (
        <div className="error-summary" role="alert" aria-labelledby="user-edit-failed">
          <h3 id="user-edit-failed" className="error-summary__title">
            {t("UsersAdmin.UpdateFailedTitle")}
          </h3>
          <p>{t("User.FailedToUpdateUser")}</p>
          <p>{t("User.CouldNotUpdateUser")}</p>
        </div>
      ) : null}
      <FieldErrorSummary errors={errors} fields={summary} submitCount={submitCount} />
      {!failed && submitCount > 0 && Object.keys(errors).length > 0 ? <p>{t("User.CouldNotUpdateUser")}</p> : null}
      <div className="form-row">
        <TextField
          id="user-edit-FirstName"
          label={t("UsersAdmin.Column.FirstName")}
          required
          autoComplete="off"
          error={errors.FirstName}
          {...register("FirstName")}
        />
        <TextField
          id="user-edit-LastName"
          label={t("UsersAdmin.Column.LastName")}
          required
          autoComplete="off"
          error={errors.LastName}
          {...register("LastName")}
        />
      </div>
      <PhoneField
        id="user-edit-PhoneNumber"
        label={t("UsersAdmin.Column.PhoneNumber")}
        required
        hint={t("Account.Hint.Phone")}
        error={errors.PhoneNumber}
        {...register("PhoneNumber")}
      />
      <TextField
        id="user-edit-SalesforceId"
        label={t("UsersAdmin.Column.SalesforceId")}
        required
        hint={t("UsersAdmin.SalesforceIdHint")}
        autoComplete="off"
        error={errors.SalesforceId}
        {...register("SalesforceId")}
      />
      <TextField
        id="user-edit-Email"
        label={t("UsersAdmin.Column.Email")}
        readOnly
        value={user.Email ?? t("UsersAdmin.NotAvailable")}
      />
      <CheckboxField id="user-edit-Admin" label={t("UsersAdmin.AdminToggle")} hint={adminHint} {...register("Admin")} />
      <CheckboxField
        id="user-edit-Staff"
        label={t("UsersAdmin.StaffToggle")}
        hint={t("UsersAdmin.StaffHint")}
        {...register("Staff")}
      />
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          {t("UsersAdmin.Save")}
        </button>
      </div>
    </form>
  );
}
