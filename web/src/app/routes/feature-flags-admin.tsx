import { FEATURE_FLAGS, type FeatureFlagName } from "@contract/feature-flags";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
import { TableScroll } from "@/components/ui/table-scroll";
import { useFlagChanges } from "@/features/feature-flags/api/get-flag-changes";
import { useSetFeatureFlag } from "@/features/feature-flags/api/set-feature-flag";
import { useAuth } from "@/lib/auth/auth-state";
import { formatActivityTime } from "@/utils/format";

/** /feature-flags: list and toggle the flags of spec 1 §3; every change is recorded (who, when). */
export function Component() {
  const { t } = useTranslation();
  const title = t("Pages.FeatureFlagsAdmin");
  const { authUser } = useAuth();
  const flags = useFeatureFlags(authUser?.Id ?? null);
  const changes = useFlagChanges();
  const toggle = useSetFeatureFlag();
  const toasts = useToasts();

  const setFlag = async (name: FeatureFlagName, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ name, enabled });
      toasts.show("successUpdate", t(enabled ? "FeatureFlagsAdmin.TurnedOn" : "FeatureFlagsAdmin.TurnedOff", { name }));
    } catch {
      toasts.show("errorUpdate");
    }
  };

  return (
    <>
      <PageHeading documentTitle={title}>{title}</PageHeading>
      <p>{t("FeatureFlagsAdmin.Intro")}</p>
      {changes.isError ? <AdminLoadError error={changes.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      {flags.isPending ? <p>{t("App.Loading")}</p> : null}
      {flags.data && !changes.isError ? (
        <TableScroll label={title}>
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t("FeatureFlagsAdmin.Flag")}</th>
                <th scope="col">{t("FeatureFlagsAdmin.State")}</th>
                <th scope="col">{t("FeatureFlagsAdmin.LastChange")}</th>
                <th scope="col">{t("FeatureFlagsAdmin.Change")}</th>
              </tr>
            </thead>
            <tbody>
              {FEATURE_FLAGS.map((name) => {
                const enabled = isFlagEnabled(flags.data, name);
                const change = changes.data?.find((candidate) => candidate.name === name);
                return (
                  <tr key={name}>
                    <th scope="row">
                      <code>{name}</code>
                      <br />
                      <span className="field__hint">{t(`FeatureFlagsAdmin.Description.${name}`)}</span>
                    </th>
                    <td className={enabled ? "flag-state--on" : "flag-state--off"}>
                      {enabled ? t("FeatureFlagsAdmin.On") : t("FeatureFlagsAdmin.Off")}
                    </td>
                    <td>
                      {change
                        ? t("FeatureFlagsAdmin.ChangedBy", {
                            who: change.changedBy.email ?? change.changedBy.uid,
                            when: formatActivityTime(change.changedAt),
                          })
                        : t("FeatureFlagsAdmin.NeverChanged")}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="button button--secondary"
                        disabled={toggle.isPending}
                        onClick={() => void setFlag(name, !enabled)}
                      >
                        {enabled ? t("FeatureFlagsAdmin.TurnOff") : t("FeatureFlagsAdmin.TurnOn")}
                        <span className="visually-hidden"> {name}</span>
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}
