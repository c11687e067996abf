import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { paths } from "@/config/paths";

const STEPS = [
  { key: "Address", path: paths.accountCreateAddress.path },
  { key: "AccountInformation", path: paths.accountCreateAccountInformation.path },
  { key: "BusinessInformation", path: paths.accountCreateBusinessInformation.path },
] as const;

/** The wizard's step list; earlier steps are links back, the current one is marked. */
export function WizardSteps({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("Account.Wizard.StepsLabel")}>
      <ol className="account-steps">
        {STEPS.map((step, index) => (
          <li key={step.key} aria-current={index === current ? "step" : undefined}>
            {index < current && index < 2 ? (
              <Link to={step.path}>{t(`Account.Wizard.Step.${step.key}`, { number: index + 1 })}</Link>
            ) : (
              t(`Account.Wizard.Step.${step.key}`, { number: index + 1 })
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
