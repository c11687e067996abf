import type { PublicFieldObject, PublicFieldsConfig } from "@contract/public-fields";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { TextField } from "@/components/ui/form/text-field";
import { useToasts } from "@/components/ui/toasts";
import { useSavePublicFields } from "../api/public-fields";

/** The field picker: every field the CRM's describe offers for the object, with a filter; Save stores the ticks. */
export function FieldsDialog({
  object,
  config,
  onClose,
}: {
  object: PublicFieldObject;
  config: PublicFieldsConfig;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const save = useSavePublicFields(object);
  const [chosen, setChosen] = useState<string[]>(() =>
    config.fields.filter((name) => config.available.some((f) => f.name === name)),
  );
  const [filter, setFilter] = useState("");
  const term = filter.trim().toLowerCase();
  const shown = config.available.filter(
    (field) => !term || field.label.toLowerCase().includes(term) || field.name.toLowerCase().includes(term),
  );
  const toggle = (name: string) =>
    setChosen((current) => (current.includes(name) ? current.filter((item) => item !== name) : [...current, name]));

  const onSave = async () => {
    try {
      // In the CRM's describe order, so the details read the same way each time.
      await save.mutateAsync(config.available.map((field) => field.name).filter((name) => chosen.includes(name)));
      toasts.show("successUpdate");
      onClose();
    } catch {
      toasts.show("errorUpdate");
    }
  };

  return (
    <Dialog
      title={t("PublicFieldsAdmin.PickFieldsTitle", { object })}
      onClose={onClose}
      footer={{
        closeLabel: t("Modal.Cancel"),
        primaryLabel: t("PublicFieldsAdmin.Save"),
        primaryDisabled: save.isPending,
        onPrimary: () => void onSave(),
      }}
    >
      <TextField
        id="public-fields-filter"
        type="search"
        label={t("PublicFieldsAdmin.Filter")}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
      />
      <p className="field__hint" aria-live="polite">
        {t("PublicFieldsAdmin.ChosenCount", { count: chosen.length })}
      </p>
      <fieldset className="field public-fields-list">
        <legend>{t("PublicFieldsAdmin.FieldsLegend", { object })}</legend>
        {shown.map((field) => (
          <CheckboxField
            key={field.name}
            id={`public-field-${field.name}`}
            label={`${field.label} (${field.name})`}
            checked={chosen.includes(field.name)}
            onChange={() => toggle(field.name)}
          />
        ))}
        {shown.length === 0 ? <p>{t("PublicFieldsAdmin.NoMatch")}</p> : null}
      </fieldset>
    </Dialog>
  );
}
