import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AddressFields, addressSummaryFields } from "@/components/ui/form/address-fields";
import type { SummaryField } from "@/components/ui/form/field-error-summary";
import { PhoneField } from "@/components/ui/form/phone-field";
import { TextField } from "@/components/ui/form/text-field";

/** The fields of `PersonalDetails` for the error summary, in page order. */
export function personalDetailsSummary(t: (key: string) => string, idPrefix: string): SummaryField[] {
  return [
    ...(["firstName", "lastName", "phoneNumber"] as const).map((name) => ({
      name,
      id: `${idPrefix}-${name}`,
      label: t(`Account.Field.${name}`),
    })),
    ...addressSummaryFields(t, { idPrefix }),
  ];
}

/**
 * Personal info and address (spec 1 §5), the wizard's step 1 and the profile: the phone masked
 * as (999) 999-9999, the user's own address. `addressRequired` marks it required (profile page).
 */
export function PersonalDetails({
  idPrefix,
  register,
  errors,
  addressRequired,
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: shared by the wizard's and the profile's forms
  register: UseFormRegister<any>;
  errors: FieldErrors;
  addressRequired: boolean;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const nameField = (name: "firstName" | "lastName", autoComplete: string) => (
    <TextField
      id={id(name)}
      label={t(`Account.Field.${name}`)}
      required
      autoComplete={autoComplete}
      error={errors[name]}
      {...register(name)}
    />
  );
  return (
    <>
      <fieldset>
        <legend>{t("Account.Section.PersonalInfo")}</legend>
        <div className="form-row">
          {nameField("firstName", "given-name")}
          {nameField("lastName", "family-name")}
        </div>
        <PhoneField
          id={id("phoneNumber")}
          label={t("Account.Field.phoneNumber")}
          hint={t("Account.Hint.Phone")}
          error={errors.phoneNumber}
          {...register("phoneNumber")}
        />
      </fieldset>
      <fieldset>
        <legend>{t("Account.Section.Address")}</legend>
        {addressRequired ? null : <p className="field__hint">{t("Account.Hint.AddressOptional")}</p>}
        <AddressFields
          idPrefix={idPrefix}
          register={register}
          errors={errors}
          required={addressRequired}
          autoComplete
        />
      </fieldset>
    </>
  );
}
