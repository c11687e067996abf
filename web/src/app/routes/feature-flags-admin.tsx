import { FEATURE_FLAGS, type FeatureFlagName } from "@contract/feature-flags";
import { useTranslation } from "react-i18next";
import { PageHeading } from "@/components/layout/page-heading";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { AdminTable } from "@/components/ui/admin-table";
import { useToasts } from "@/components/ui/toasts";
import "@/components/ui/admin.css";
import { isFlagEnabled, useFeatureFlags } from "@/api/get-feature-flags";
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
  const enabledOf = (name: FeatureFlagName) => isFlagEnabled(flags.data, name);

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
        <AdminTable
          label={title}
          caption
          rows={[...FEATURE_FLAGS]}
          rowKey={(name) => name}
          columns={[
            {
              header: t("FeatureFlagsAdmin.Flag"),
              rowHeader: true,
              cell: (name) => (
                <>
                  <code>{name}</code>
                  <br />
                  <span className="field__hint">{t(`FeatureFlagsAdmin.Description.${name}`)}</span>
                </>
              ),
            },
            {
              header: t("FeatureFlagsAdmin.State"),
              cellProps: (name) => ({ className: enabledOf(name) ? "flag-state--on" : "flag-state--off" }),
              cell: (name) => (enabledOf(name) ? t("FeatureFlagsAdmin.On") : t("FeatureFlagsAdmin.Off")),
            },
            {
              header: t("FeatureFlagsAdmin.LastChange"),
              cell: (name) => {
                const change = changes.data?.find((candidate) => candidate.name === name);
                return change
                  ? t("FeatureFlagsAdmin.ChangedBy", {
                      who: change.changedBy.email ?? change.changedBy.uid,
                      when: formatActivityTime(change.changedAt),
                    })
                  : t("FeatureFlagsAdmin.NeverChanged");
              },
            },
            {
              header: t("FeatureFlagsAdmin.Change"),
              cell: (name) => (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={toggle.isPending}
                  onClick={() => void setFlag(name, !enabledOf(name))}
                >
                  {enabledOf(name) ? t("FeatureFlagsAdmin.TurnOff") : t("FeatureFlagsAdmin.TurnOn")}
                  <span className="visually-hidden"> {name}</span>
                </button>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}
