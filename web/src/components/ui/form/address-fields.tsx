import { limitZip, US_STATES } from "@contract/account-forms";
import { type FieldErrors, get, type UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

export const ADDRESS_PARTS = ["address1", "address2", "city", "state", "zip"] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The form name of a part under a prefix: "zip", or "additionalProperties.0.zip". */
export const addressName = (namePrefix: string | undefined, part: AddressPart) =>
  namePrefix ? `${namePrefix}.${part}` : part;

/** The address's fields for an error summary, in page order: name, element id, label. */
export function addressSummaryFields(
  t: (key: string) => string,
  {
    idPrefix,
    namePrefix,
    labels = {},
  }: { idPrefix: string; namePrefix?: string; labels?: Partial<Record<AddressPart, string>> },
) {
  return ADDRESS_PARTS.map((part) => ({
    name: addressName(namePrefix, part),
    id: `${idPrefix}-${part}`,
    label: labels[part] ?? t(`Form.Address.${part}`),
  }));
}

/**
 * A US address (spec 1 §5): street, unit, city, the state among the 50 states plus DC, and a
 * 5-digit ZIP. Registered under `namePrefix` (none for a flat form, "additionalProperties.0" in
 * a list); ids are `${idPrefix}-address1`... `required` marks all but the unit.
 */
export function AddressFields({
  idPrefix,
  namePrefix,
  register,
  errors,
  required,
  labels = {},
  autoComplete = false,
}: {
  idPrefix: string;
  namePrefix?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the address sits in several forms' values
  register: UseFormRegister<any>;
  errors: FieldErrors;
  required: boolean;
  /** Labels that differ from the defaults (an organization's 'Suite or unit'). */
  labels?: Partial<Record<AddressPart, string>>;
  /** The user's own address: let the browser fill it. Not for other places' addresses. */
  autoComplete?: boolean;
}) {
  const { t } = useTranslation();
  const name = (part: AddressPart) => addressName(namePrefix, part);
  const props = (part: AddressPart, autoCompleteToken: string) => ({
    id: `${idPrefix}-${part}`,
    label: labels[part] ?? t(`Form.Address.${part}`),
    error: get(errors, name(part)),
    autoComplete: autoComplete ? autoCompleteToken : undefined,
    ...register(name(part)),
  });
  return (
    <>
      <TextField required={required} {...props("address1", "address-line1")} />
      <TextField {...props("address2", "address-line2")} />
      <div className="form-row">
        <TextField required={required} {...props("city", "address-level2")} />
        <SelectField
          required={required}
          placeholder={t("Form.Address.ChooseState")}
          options={US_STATES.map((state) => ({ value: state, label: t(`States.${state}`) }))}
          {...props("state", "address-level1")}
        />
        <TextField
          required={required}
          hint={t("Form.Address.ZipHint")}
          inputMode="numeric"
          maxLength={5}
          format={limitZip}
          {...props("zip", "postal-code")}
        />
      </div>
    </>
  );
}
