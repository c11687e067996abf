import { limitZip, maskPhone } from "@contract/account-forms";
import type { FieldErrors, UseFormRegister, UseFormSetValue } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { StateField, TextField } from "./fields";

type PersonalAndAddress = {
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  address1?: string;
  address2?: string;
  city?: string;
  state?: string;
  zip?: string;
};

/** Field names, element ids and labels, in page order, for the error summary. */
export function personalAndAddressFields(
  t: (key: string) => string,
  idPrefix: string,
): [name: string, id: string, label: string][] {
  return (["firstName", "lastName", "phoneNumber", "address1", "address2", "city", "state", "zip"] as const).map(
    (name) => [name, `${idPrefix}-${name}`, t(`Account.Field.${name}`)],
  );
}

/**
 * Personal info and address (spec 1 §5): phone masked as (999) 999-9999, zip limited to 5
 * digits, the state from the 50 states plus DC. `addressRequired` marks the four address
 * fields required (profile page).
 */
export function PersonalAndAddressFields({
  idPrefix,
  register,
  errors,
  setValue,
  addressRequired,
}: {
  idPrefix: string;
  // biome-ignore lint/suspicious/noExplicitAny: shared by the wizard's and the profile's forms
  register: UseFormRegister<any>;
  errors: FieldErrors<PersonalAndAddress>;
  // biome-ignore lint/suspicious/noExplicitAny: shared by the wizard's and the profile's forms
  setValue: UseFormSetValue<any>;
  addressRequired: boolean;
}) {
  const { t } = useTranslation();
  const id = (name: string) => `${idPrefix}-${name}`;
  const phone = register("phoneNumber");
  const zip = register("zip");
  return (
    <>
      <fieldset>
        <legend>{t("Account.Section.PersonalInfo")}</legend>
        <div className="account-form__row">
          <TextField
            id={id("firstName")}
            label={t("Account.Field.firstName")}
            required
            autoComplete="given-name"
            error={errors.firstName}
            registration={register("firstName")}
          />
          <TextField
            id={id("lastName")}
            label={t("Account.Field.lastName")}
            required
            autoComplete="family-name"
            error={errors.lastName}
            registration={register("lastName")}
          />
        </div>
        <TextField
          id={id("phoneNumber")}
          label={t("Account.Field.phoneNumber")}
          hint={t("Account.Hint.Phone")}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          error={errors.phoneNumber}
          registration={{
            ...phone,
            onChange: (event) => {
              const target = event.target as HTMLInputElement;
              setValue("phoneNumber", maskPhone(target.value), { shouldValidate: Boolean(errors.phoneNumber) });
              return Promise.resolve();
            },
          }}
        />
      </fieldset>
      <fieldset>
        <legend>{t("Account.Section.Address")}</legend>
        {addressRequired ? null : <p className="field__hint">{t("Account.Hint.AddressOptional")}</p>}
        <TextField
          id={id("address1")}
          label={t("Account.Field.address1")}
          required={addressRequired}
          autoComplete="address-line1"
          error={errors.address1}
          registration={register("address1")}
        />
        <TextField
          id={id("address2")}
          label={t("Account.Field.address2")}
          autoComplete="address-line2"
          error={errors.address2}
          registration={register("address2")}
        />
        <div className="account-form__row">
          <TextField
            id={id("city")}
            label={t("Account.Field.city")}
            required={addressRequired}
            autoComplete="address-level2"
            error={errors.city}
            registration={register("city")}
          />
          <StateField
            id={id("state")}
            label={t("Account.Field.state")}
            required={addressRequired}
            error={errors.state}
            registration={register("state")}
          />
          <TextField
            id={id("zip")}
            label={t("Account.Field.zip")}
            hint={t("Account.Hint.Zip")}
            required={addressRequired}
            inputMode="numeric"
            maxLength={5}
            autoComplete="postal-code"
            error={errors.zip}
            registration={{
              ...zip,
              onChange: (event) => {
                const target = event.target as HTMLInputElement;
                setValue("zip", limitZip(target.value), { shouldValidate: Boolean(errors.zip) });
                return Promise.resolve();
              },
            }}
          />
        </div>
      </fieldset>
    </>
  );
}
