import { PASSWORD_REQUIREMENTS } from "@contract/auth-forms";
import { useTranslation } from "react-i18next";

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
