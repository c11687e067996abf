import type { OrganizationInviteInput } from "@contract/organization-members";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
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

/**
 * Invites a person by email (issue 26, finding 4): whatever the email, an invitation goes out and
 * the person becomes a member only if they accept it; the page never learns whether they have an
 * account. The approver sees it under the invitations waiting for an answer.
 */
export function InviteForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { invite } = useOrganizationMemberChanges(organizationId);
  // Kept on the page (a toast fades): whom an invitation went to.
  const [invitedEmail, setInvitedEmail] = useState<string | null>(null);
  const form = useForm<OrganizationInviteInput>({
    resolver: zodResolver(ZOrganizationInviteInput),
    shouldFocusError: false,
    defaultValues: { organizationId, email: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = [{ name: "email", id: "invite-email", label: t("Organization.InviteEmail") }];
  const onSubmit = form.handleSubmit(async (values) => {
    setInvitedEmail(null);
    try {
      const result = await invite.mutateAsync(values);
      setInvitedEmail(result.email);
      toasts.show("successAdd", t("Organization.InvitationSent", { email: result.email }));
      form.reset({ organizationId, email: "" });
    } catch (error) {
      const limited = error instanceof ApiError && error.status === 429;
      form.setError("email", {
        message: limited ? "Organization.TooManyInvitations" : "Util.ErrorTryAgainLater",
      });
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
        {t("Organization.SendInvitation")}
      </button>
      <p role="status">{invitedEmail ? t("Organization.InvitationSent", { email: invitedEmail }) : ""}</p>
    </form>
  );
}
