import { POPULAR_ICON_MAX_BYTES, POPULAR_ICON_RECOMMENDED_SIZE } from "@contract/catalogue-admin";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ImageFileField, imageFileProblem, imageUploadProblem } from "@/components/ui/form/image-file-field";
import { useToasts } from "@/components/ui/toasts";
import { useUploadPopularIcon } from "../api/upload-popular-icon";

/** Upload of a popular service's icon (spec 1 §2.10: 32 by 32 pixels recommended). */
export function PopularIconUpload({ activityId, iconUrl }: { activityId: string; iconUrl: string | null }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useUploadPopularIcon();
  const maxKb = Math.round(POPULAR_ICON_MAX_BYTES / 1024);

  const send = async () => {
    const file = input.current?.files?.[0];
    const problem = imageFileProblem(file, POPULAR_ICON_MAX_BYTES);
    setError(problem ? t(`ActivityAdmin.Icon.${problem}`, { maxKb }) : null);
    if (problem || !file) return;
    try {
      await upload.mutateAsync({ id: activityId, file });
      toasts.show("successUpdate");
      if (input.current) input.current.value = "";
    } catch (cause) {
      const refusal = imageUploadProblem(cause);
      if (refusal) setError(t(`ActivityAdmin.Icon.${refusal}`, { maxKb }));
      else toasts.show("errorUpdate");
    }
  };

  return (
    <fieldset className="admin-form__group">
      <legend>{t("ActivityAdmin.Icon.Legend")}</legend>
      {iconUrl ? (
        <p>
          {t("ActivityAdmin.Icon.Current")}{" "}
          <img src={iconUrl} alt={t("ActivityAdmin.Icon.CurrentAlt")} width={32} height={32} />
        </p>
      ) : null}
      <div className="field">
        <ImageFileField
          ref={input}
          id={id}
          label={t("ActivityAdmin.Icon.Label")}
          hint={t("ActivityAdmin.Icon.Hint", { size: POPULAR_ICON_RECOMMENDED_SIZE, maxKb })}
          error={error}
        />
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={upload.isPending}
        onClick={() => void send()}
      >
        {t("ActivityAdmin.Icon.Upload")}
      </button>
    </fieldset>
  );
}
