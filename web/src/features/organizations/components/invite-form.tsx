import type { OrganizationInviteInput } from "@contract/organization-members";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { TextField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import {
  useOrganizationMemberChanges,
  ZOrganizationInviteInput,
} from "@/features/organizations/api/change-organization-member";
import { ApiError } from "@/lib/api-client";

/** Adds a person with a portal account to the organization by their email. */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { invite } = useOrganizationMemberChanges(organizationId);
  const form = useForm<OrganizationInviteInput>({
    resolver: zodResolver(ZOrganizationInviteInput),
    shouldFocusError: false,
    defaultValues: { organizationId, email: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = [{ name: "email", id: "invite-email", label: t("Organization.InviteEmail") }];
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await invite.mutateAsync(values);
      toasts.show("successAdd", t("Organization.MemberAdded"));
      form.reset({ organizationId, email: "" });
    } catch (error) {
      const unknown = error instanceof ApiError && error.status === 404;
      form.setError("email", { message: unknown ? t("Organization.NoPortalAccount") : t("Util.ErrorTryAgainLater") });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields} />
      <TextField
        id="invite-email"
        type="email"
        autoComplete="off"
        label={t("Organization.InviteEmail")}
        hint={t("Organization.InviteHint")}
        required
        error={errors.email}
        {...form.register("email")}
      />
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t("Organization.AddMember")}
      </button>
    </form>
  );
}
