import type { PublicFieldObject } from "@contract/public-fields";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { SelectField } from "@/components/ui/form/select-field";
import "@/components/ui/admin.css";
import { usePublicFieldObjects, usePublicFields } from "../api/public-fields";
import { FieldsDialog } from "./fields-dialog";
import "../public-fields.css";

/**
 * /saleforce_public_fields (spec 3 §2, §4): pick an object, pick its fields from the CRM's
 * describe in a modal, save. Residents see only these fields in an activity's details.
 */
export function PublicFieldsAdmin() {
  const { t } = useTranslation();
  const objects = usePublicFieldObjects();
  const [object, setObject] = useState<PublicFieldObject | null>(null);
  const config = usePublicFields(object);
  const [picking, setPicking] = useState(false);
  const labels = new Map(config.data?.available.map((field) => [field.name, field.label]));

  return (
    <>
      {objects.isError ? <AdminLoadError error={objects.error} message={t("Util.ErrorTryAgainLater")} /> : null}
      <SelectField
        id="public-fields-object"
        label={t("PublicFieldsAdmin.Object")}
        placeholder={t("PublicFieldsAdmin.ChooseObject")}
        options={(objects.data ?? []).map((name) => ({
          value: name,
          label: t(`PublicFieldsAdmin.ObjectName.${name}`),
        }))}
        value={object ?? ""}
        onChange={(event) => setObject((event.target.value || null) as PublicFieldObject | null)}
      />
      {object && config.isPending ? <p>{t("App.Loading")}</p> : null}
      {config.isError ? <AdminLoadError error={config.error} message={t("PublicFieldsAdmin.DescribeFailed")} /> : null}
      {object && config.data ? (
        <section className="admin-section" aria-labelledby="public-fields-current">
          <div className="admin-section__header">
            <h2 id="public-fields-current">{t("PublicFieldsAdmin.Current", { object })}</h2>
            <button type="button" className="button button--primary" onClick={() => setPicking(true)}>
              {t("PublicFieldsAdmin.PickFields")}
            </button>
          </div>
          {config.data.fields.length === 0 ? (
            <p>{t("PublicFieldsAdmin.NoneChosen")}</p>
          ) : (
            <ul className="public-fields-current">
              {config.data.fields.map((name) => (
                <li key={name}>
                  {labels.get(name) ?? name} <code>{name}</code>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {picking && object && config.data ? (
        <FieldsDialog object={object} config={config.data} onClose={() => setPicking(false)} />
      ) : null}
    </>
  );
}

export default PublicFieldsAdmin;
