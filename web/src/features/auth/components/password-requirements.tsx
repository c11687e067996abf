import { PASSWORD_REQUIREMENTS } from "@contract/auth-forms";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { AuthField } from "./auth-field";

/** The requirements list of spec 1 §5, each item marked as met or not as the user types. */
export function PasswordRequirements({ id, value }: { id: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div id={id}>
      <p>{t("Auth.PasswordRequirements.Title")}</p>
      <ul className="requirements">
        {PASSWORD_REQUIREMENTS.map((rule) => {
          const met = rule.test(value);
          return (
            <li key={rule.key} className={met ? "requirements__met" : undefined}>
              {t(`Auth.PasswordRequirements.${rule.key}`)}
              <span className="visually-hidden">
                {" "}
                ({met ? t("Auth.PasswordRequirements.Met") : t("Auth.PasswordRequirements.NotMet")})
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The new password and its confirmation (sign-up, reset), with the requirements under the first. */
export function newPasswordFields(
  t: TFunction,
  { idPrefix, label, password }: { idPrefix: string; label: string; password: string },
): AuthField<"password" | "confirmPassword">[] {
  return [
    {
      name: "password",
      id: `${idPrefix}-password`,
      label,
      type: "password",
      autoComplete: "new-password",
      hint: <PasswordRequirements id={`${idPrefix}-password-requirements`} value={password} />,
    },
    {
      name: "confirmPassword",
      id: `${idPrefix}-confirm-password`,
      label: t("Auth.Fields.ConfirmPassword"),
      type: "password",
      autoComplete: "new-password",
    },
  ];
}
