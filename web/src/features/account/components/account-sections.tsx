import { LAND_PARCEL_FIELDS, PROFILE_PICTURE_MAX_BYTES } from "@contract/account-forms";
import type { PortalUser } from "@contract/user";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotificationPrefs } from "@/api/get-notification-prefs";
import { useToggleNotification } from "@/api/toggle-notification";
import { Dialog } from "@/components/ui/dialog";
import { CheckboxField } from "@/components/ui/form/choice-fields";
import { ImageFileField, imageFileProblem, imageUploadProblem } from "@/components/ui/form/image-file-field";
import { useLandParcel } from "../api/get-land-parcel";
import { useUploadPicture } from "../api/upload-picture";

/** The profile picture and its upload modal: one file up to 100 MB, with upload progress. */
export function ProfilePicture({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadPicture(user.Id);
  const maxMb = Math.round(PROFILE_PICTURE_MAX_BYTES / 1_048_576);

  const send = async () => {
    const file = input.current?.files?.[0];
    const problem = imageFileProblem(file, PROFILE_PICTURE_MAX_BYTES);
    setError(problem ? t(`Account.Picture.${problem}`, { maxMb }) : null);
    setDone(false);
    if (problem || !file) return;
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      setDone(true);
    } catch (cause) {
      setProgress(null);
      const refusal = imageUploadProblem(cause);
      setError(refusal ? t(`Account.Picture.${refusal}`, { maxMb }) : t("Util.ErrorTryAgainLater"));
    }
  };

  const close = () => {
    setOpen(false);
    setProgress(null);
    setError(null);
    setDone(false);
  };

  return (
    <section aria-labelledby={`${id}-title`} className="account-form">
      <h2 id={`${id}-title`}>{t("Account.Picture.Title")}</h2>
      {user.ProfilePictureUrl ? (
        <img
          className="account-picture"
          src={user.ProfilePictureUrl}
          alt={t("Account.Picture.Alt")}
          width={96}
          height={96}
        />
      ) : (
        <p>{t("Account.Picture.None")}</p>
      )}
      <div>
        <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
          {t("Account.Picture.Change")}
        </button>
      </div>
      {open ? (
        <Dialog
          title={t("Account.Picture.Title")}
          onClose={close}
          footer={{
            closeLabel: t("Modal.Close"),
            primaryLabel: t("Account.Picture.Upload"),
            primaryDisabled: upload.isPending,
            onPrimary: () => void send(),
          }}
        >
          <div className="account-form field">
            <ImageFileField
              ref={input}
              id={id}
              label={t("Account.Picture.Label")}
              hint={t("Account.Picture.Hint", { maxMb })}
              error={error}
            />
            {progress !== null ? (
              <>
                <label htmlFor={`${id}-progress`}>{t("Account.Picture.Progress")}</label>
                <progress id={`${id}-progress`} max={100} value={progress}>
                  {progress}%
                </progress>
              </>
            ) : null}
            <p aria-live="polite">{done ? t("Account.Picture.Uploaded") : ""}</p>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}

/** Land parcel information: the 11 fields of spec 1 §2.5 for the user's primary address. */
export function LandParcelInformation({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const parcel = useLandParcel(user.Id);
  return (
    <section aria-labelledby="account-parcel-title" className="account-form">
      <h2 id="account-parcel-title">{t("Account.Parcel.Title")}</h2>
      {parcel.isPending ? <p>{t("Account.Loading")}</p> : null}
      {parcel.isError ? <p>{t("Util.ErrorTryAgainLater")}</p> : null}
      {parcel.isSuccess && !parcel.data.parcel ? <p>{t("Account.Parcel.NotFound")}</p> : null}
      {parcel.data?.parcel ? (
        <dl className="account-parcel">
          {LAND_PARCEL_FIELDS.map((field) => (
            <div key={field} style={{ display: "contents" }}>
              <dt>{t(`Account.Parcel.${field}`)}</dt>
              <dd>{parcel.data.parcel?.[field] ?? t("Account.Parcel.None")}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/**
 * Delinquent-billing notification settings (only shown with EnableDelinquentBillingNotifications).
 * The shut-off warning is not here: the resident chooses it once, as "Bills and shut-off notices" in
 * her message settings, which also writes the billing system's setting (domains/messages/README.md).
 */
export function NotificationSettings({ user }: { user: PortalUser }) {
  const { t } = useTranslation();
  const prefs = useNotificationPrefs(user.Id);
  const toggle = useToggleNotification();
  const [failed, setFailed] = useState(false);
  return (
    <section aria-labelledby="account-notifications-title" className="account-form">
      <h2 id="account-notifications-title">{t("Account.Notifications.Title")}</h2>
      {prefs.isPending ? <p>{t("Account.Loading")}</p> : null}
      {prefs.isError || failed ? <p role="alert">{t("Util.ErrorTryAgainLater")}</p> : null}
      {prefs.data ? (
        <fieldset>
          <legend>{t("Account.Notifications.Legend")}</legend>
          {prefs.data
            .filter((pref) => pref.notificationId !== "shutoffWarning")
            .map((pref) => (
              <CheckboxField
                key={pref.notificationId}
                id={`notification-${pref.notificationId}`}
                label={t(`Account.Notifications.${pref.notificationId}`, { defaultValue: pref.notificationName })}
                checked={pref.enabled}
                disabled={toggle.isPending}
                onChange={(event) => {
                  setFailed(false);
                  toggle.mutate(
                    { userId: user.Id, notificationId: pref.notificationId, enabled: event.target.checked },
                    { onError: () => setFailed(true) },
                  );
                }}
              />
            ))}
        </fieldset>
      ) : null}
    </section>
  );
}
