import { POPULAR_ICON_MAX_BYTES, POPULAR_ICON_RECOMMENDED_SIZE, POPULAR_ICON_TYPES } from "@contract/catalogue-admin";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useToasts } from "@/components/ui/toasts";
import { ApiError } from "@/lib/api-client";
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
    setError(null);
    if (!file) return setError(t("ActivityAdmin.Icon.Choose"));
    if (!(POPULAR_ICON_TYPES as readonly string[]).includes(file.type))
      return setError(t("ActivityAdmin.Icon.NotAnImage"));
    if (file.size > POPULAR_ICON_MAX_BYTES) return setError(t("ActivityAdmin.Icon.TooLarge", { maxKb }));
    try {
      await upload.mutateAsync({ id: activityId, file });
      toasts.show("successUpdate");
      if (input.current) input.current.value = "";
    } catch (cause) {
      if (cause instanceof ApiError && cause.status === 413) setError(t("ActivityAdmin.Icon.TooLarge", { maxKb }));
      else if (cause instanceof ApiError && cause.status === 400) setError(t("ActivityAdmin.Icon.NotAnImage"));
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
        <label htmlFor={`${id}-file`}>{t("ActivityAdmin.Icon.Label")}</label>
        <p id={`${id}-hint`} className="field__hint">
          {t("ActivityAdmin.Icon.Hint", { size: POPULAR_ICON_RECOMMENDED_SIZE, maxKb })}
        </p>
        {error ? (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={POPULAR_ICON_TYPES.join(",")}
          aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={error ? true : undefined}
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
