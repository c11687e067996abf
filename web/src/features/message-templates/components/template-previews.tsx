import type { TemplatePreviewText } from "@contract/messages";
import { useTranslation } from "react-i18next";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { useTemplatePreviews } from "../api/get-template-previews";
import "../message-templates.css";

/** One language of a template: its subject and text, marked with its language (WCAG 3.1.2). */
function Preview({ language, preview }: { language: "en" | "es"; preview: TemplatePreviewText }) {
  const { t } = useTranslation();
  return (
    <div className="template-preview__language">
      <h3>{t(`MessageTemplates.Language.${language}`)}</h3>
      <p>
        <strong>{t("MessageTemplates.Subject")}</strong> <span lang={language}>{preview.subject}</span>
      </p>
      <div className="template-preview__text" lang={language}>
        {preview.text}
      </div>
    </div>
  );
}

/** Every message template with sample data, in English and Spanish side by side (issue 29). */
export function TemplatePreviews() {
  const { t } = useTranslation();
  const previews = useTemplatePreviews();
  if (previews.isPending) return <p>{t("App.Loading")}</p>;
  if (previews.isError) return <AdminLoadError error={previews.error} message={t("Util.ErrorTryAgainLater")} />;
  return (
    <>
      {previews.data.map((template) => (
        <section key={template.name} className="template-preview" aria-labelledby={`template-${template.name}`}>
          <h2 id={`template-${template.name}`}>
            {t(`MessageTemplates.Names.${template.name}`, { defaultValue: template.name })}
          </h2>
          <div className="template-preview__languages">
            <Preview language="en" preview={template.en} />
            <Preview language="es" preview={template.es} />
          </div>
        </section>
      ))}
    </>
  );
}

export default TemplatePreviews;
