import { type OrganizationInput, ZOrganization } from "@contract/account-forms";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AddressFields, addressSummaryFields } from "@/components/ui/form/address-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { TextField } from "@/components/ui/form/text-field";

const emptyOrganization: OrganizationInput = {
  name: "",
  taxId: "",
  businessLicenseId: "",
  address1: "",
  address2: "",
  city: "",
  state: "",
  zip: "",
};

const ID_FIELDS = ["name", "taxId", "businessLicenseId"] as const;

/** The add-new organization form of spec 2 §5. */
export function AddOrganizationForm({
  onAdd,
  onCancel,
}: {
  onAdd: (organization: OrganizationInput) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<OrganizationInput>({
    resolver: zodResolver(ZOrganization),
    shouldFocusError: false,
    defaultValues: emptyOrganization,
  });
  const addressLabels = {
    address1: t("Account.Org.address1"),
    address2: t("Account.Org.address2"),
    city: t("Account.Org.city"),
    state: t("Account.Org.state"),
    zip: t("Account.Org.zip"),
  };
  const text = (name: (typeof ID_FIELDS)[number]) => (
    <TextField id={`org-${name}`} label={t(`Account.Org.${name}`)} required error={errors[name]} {...register(name)} />
  );
  return (
    // A nested <form> is not allowed, so this is a group with its own submit button.
    <fieldset className="account-form">
      <legend>{t("Account.Org.AddNewTitle")}</legend>
      <FieldErrorSummary
        errors={errors}
        fields={[
          ...ID_FIELDS.map((name) => ({ name, id: `org-${name}`, label: t(`Account.Org.${name}`) })),
          ...addressSummaryFields(t, { idPrefix: "org", labels: addressLabels }),
        ]}
        submitCount={submitCount}
      />
      {text("name")}
      <div className="form-row">
        {text("taxId")}
        {text("businessLicenseId")}
      </div>
      <AddressFields idPrefix="org" register={register} errors={errors} required labels={addressLabels} />
      <div className="account-form__actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t("Modal.Cancel")}
        </button>
        <button type="button" className="button button--primary" onClick={() => void handleSubmit(onAdd)()}>
          {t("Account.Org.AddToList")}
        </button>
      </div>
    </fieldset>
  );
}
