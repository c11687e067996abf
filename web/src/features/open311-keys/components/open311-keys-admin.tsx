import {
  OPEN311_KEY_DEFAULT_LIMIT,
  type Open311KeyCreate,
  type Open311KeyCreated,
  ZOpen311KeyCreate,
} from "@contract/open311-keys";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { applyApiFieldErrors } from "@/components/ui/form/api-errors";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { SubmitButton } from "@/components/ui/form/form-actions";
import { formFields } from "@/components/ui/form/form-fields";
import { TextField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import "@/components/ui/admin.css";
import { formatInstantDate } from "@/utils/format-instant";
import { useCreateOpen311Key, useOpen311Keys, useRevokeOpen311Key } from "../api/open311-keys";
import "../open311-keys.css";

/**
 * /open311-keys (issue 30): admins create, name, limit and revoke the API keys other apps file
 * Open311 requests with. A new key is shown once; the portal keeps only its hash.
 */
export function Open311KeysAdmin() {
  const { t } = useTranslation();
  const modals = useModals();
  const keys = useOpen311Keys();
  const create = useCreateOpen311Key();
  const revoke = useRevokeOpen311Key();
  const [created, setCreated] = useState<Open311KeyCreated | null>(null);
  const form = useForm<z.input<typeof ZOpen311KeyCreate>, unknown, Open311KeyCreate>({
    resolver: zodResolver(ZOpen311KeyCreate),
    shouldFocusError: false,
    defaultValues: { name: "", limitPerHour: OPEN311_KEY_DEFAULT_LIMIT },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    name: { id: "open311-key-name", label: t("Open311KeysAdmin.Name"), hint: t("Open311KeysAdmin.NameHint") },
    limitPerHour: {
      id: "open311-key-limit",
      label: t("Open311KeysAdmin.Limit"),
      hint: t("Open311KeysAdmin.LimitHint"),
    },
  });

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      setCreated(await create.mutateAsync(input));
      form.reset({ name: "", limitPerHour: OPEN311_KEY_DEFAULT_LIMIT });
    } catch (error) {
      if (!applyApiFieldErrors(error, form.setError, { only: ["name", "limitPerHour"] })) modals.showError();
    }
  });

  const onRevoke = async (id: string, name: string) => {
    const confirmed = await modals.showWarning({
      title: t("Open311KeysAdmin.RevokeTitle"),
      body: t("Open311KeysAdmin.ConfirmRevoke", { name }),
      confirmLabel: t("Open311KeysAdmin.RevokeConfirm"),
      cancelLabel: t("Open311KeysAdmin.Cancel"),
    });
    if (!confirmed) return;
    try {
      await revoke.mutateAsync(id);
    } catch {
      modals.showError();
    }
  };

  return (
    <>
      <section className="admin-section" aria-labelledby="open311-new-key">
        <h2 id="open311-new-key">{t("Open311KeysAdmin.NewKey")}</h2>
        <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
        <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <TextField {...fields.input("name")} required autoComplete="off" />
          <TextField {...fields.input("limitPerHour")} type="number" inputMode="numeric" min={1} required />
          <SubmitButton pending={isSubmitting}>{t("Open311KeysAdmin.Create")}</SubmitButton>
        </form>
        {created ? (
          <div role="status" className="open311-key-created">
            <p>{t("Open311KeysAdmin.CreatedOnce", { name: created.name })}</p>
            <p>
              <code className="open311-key-created__key">{created.key}</code>
            </p>
          </div>
        ) : null}
      </section>
      <section className="admin-section" aria-labelledby="open311-keys-list">
        <h2 id="open311-keys-list">{t("Open311KeysAdmin.Keys")}</h2>
        {keys.isPending ? <p>{t("App.Loading")}</p> : null}
        {keys.isError ? <AdminLoadError error={keys.error} message={t("Util.ErrorTryAgainLater")} /> : null}
        {keys.data && keys.data.keys.length === 0 ? <p>{t("Open311KeysAdmin.None")}</p> : null}
        {keys.data && keys.data.keys.length > 0 ? (
          <ul className="open311-keys">
            {keys.data.keys.map((key) => (
              <li key={key.id} className="open311-keys__item">
                <h3>{key.name}</h3>
                <p>
                  {t("Open311KeysAdmin.Details", {
                    prefix: key.prefix,
                    limit: key.limitPerHour,
                    created: key.createdAt ? formatInstantDate(key.createdAt) : "",
                  })}
                </p>
                {key.revokedAt ? (
                  <p>{t("Open311KeysAdmin.Revoked", { time: formatInstantDate(key.revokedAt) })}</p>
                ) : (
                  <button
                    type="button"
                    className="button"
                    onClick={() => onRevoke(key.id, key.name)}
                    disabled={revoke.isPending}
                  >
                    {t("Open311KeysAdmin.Revoke", { name: key.name })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}

export default Open311KeysAdmin;
