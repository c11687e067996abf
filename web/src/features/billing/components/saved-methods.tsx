import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { usePaymentMethods } from "@/api/payment-methods";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { paths } from "@/config/paths";
import { isUsedByAutopay, useCorePaymentMethods, useDeleteSavedMethod } from "../api/saved-methods";
import { AddCardModal } from "./add-card-modal";

interface SavedMethod {
  provider: "legacy" | "core";
  id: string;
  label: string;
}

/** Saved payment methods (legacy profiles and, with EnableCORE, CORE methods) with delete warnings (spec 2 §4, §8). */
export function SavedMethods({ userId, core }: { userId: string; core: boolean }) {
  const { t } = useTranslation();
  const legacy = usePaymentMethods(userId);
  const coreMethods = useCorePaymentMethods(userId, core);
  const remove = useDeleteSavedMethod(userId);
  const modals = useModals();
  const toasts = useToasts();
  // EnableCORE off: the legacy gateway's add-card modal (spec 2 §2, billing settings).
  const [adding, setAdding] = useState(false);
  const methods: SavedMethod[] = [
    ...(legacy.data ?? []).map((profile) => ({
      provider: "legacy" as const,
      id: profile.Id,
      label: `${profile.ProfileDescription} ${profile.MaskedAccountNumber}${profile.Default ? ` (${t("Billing.Methods.Default")})` : ""}`,
    })),
    ...(core ? (coreMethods.data ?? []) : []).map((method) => ({
      provider: "core" as const,
      id: method.id,
      label: `${method.card_type} ${method.accountnum}`,
    })),
  ];

  const onDelete = async (method: SavedMethod) => {
    let withAutopay = false;
    try {
      // Either provider's card can pay autopay (the autopay modal offers CORE cards with EnableCORE).
      withAutopay = await isUsedByAutopay(method.id);
    } catch {
      toasts.show("errorRemove", t("error-remove"));
      return;
    }
    const confirmed = await modals.showWarning({
      title: t("Billing.Methods.DeleteTitle"),
      body: t(withAutopay ? "warning-delete-saved-card-with-autopay" : "warning-delete-saved-card", {
        card: method.label,
      }),
      confirmLabel: t("Billing.Methods.DeleteConfirm"),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(method);
      toasts.show("successRemove", t("success-remove"));
    } catch {
      toasts.show("errorRemove", t("error-remove"));
    }
  };

  return (
    <section aria-labelledby="saved-methods-title" className="account-form">
      <h2 id="saved-methods-title">{t("Billing.Methods.Title")}</h2>
      {legacy.isPending ? <p>{t("Account.Loading")}</p> : null}
      {legacy.isError || (core && coreMethods.isError) ? <p role="alert">{t("Billing.Methods.LoadError")}</p> : null}
      {legacy.isSuccess && methods.length === 0 ? <p>{t("Billing.Methods.None")}</p> : null}
      {methods.length ? (
        <ul className="billing-list">
          {methods.map((method) => (
            <li key={`${method.provider}-${method.id}`}>
              <span>{method.label}</span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t("Billing.Methods.DeleteLabel", { card: method.label })}
                onClick={() => void onDelete(method)}
              >
                {t("Billing.Methods.Delete")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {core ? (
        <p>
          <Link className="button button--secondary" to={paths.addStoredPayment.href()}>
            {t("Billing.Methods.Add")}
          </Link>
        </p>
      ) : (
        <p>
          <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
            {t("Billing.Methods.Add")}
          </button>
        </p>
      )}
      {adding ? (
        <AddCardModal userId={userId} firstCard={legacy.data?.length === 0} onClose={() => setAdding(false)} />
      ) : null}
    </section>
  );
}
