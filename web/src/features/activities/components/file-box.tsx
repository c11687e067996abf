import type { BoxFolderResponse } from "@contract/activity-detail";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/ui/form/field";
import { BoxRequestError, downloadBoxFile, listBoxItems, uploadBoxFile } from "../box-client";

export const boxItemsQueryKey = (folderId: string) => ["box-items", folderId] as const;

/**
 * A file-box folder: its files to download and, unless read-only, an upload. The token the API
 * issued enforces read-only too; the page only leaves out what would be refused.
 */
export function FileBox({ folder, heading }: { folder: BoxFolderResponse; heading: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [status, setStatus] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const items = useQuery({
    queryKey: boxItemsQueryKey(folder.folderId),
    queryFn: () => listBoxItems(folder),
    // The file box's refusals (a missing folder, a token it does not take) will not change on retry.
    retry: (failures, error) =>
      !(error instanceof BoxRequestError && error.status >= 400 && error.status < 500) && failures < 1,
  });
  // Spec 2 §8: no folder gives Util.NoFolderFound (the file box answers 404 for the folder).
  const noFolder = items.error instanceof BoxRequestError && items.error.status === 404;

  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    try {
      await uploadBoxFile(folder, file);
      setStatus({ tone: "ok", text: t("Box.Uploaded", { name: file.name }) });
      await queryClient.invalidateQueries({ queryKey: boxItemsQueryKey(folder.folderId) });
    } catch (error) {
      const tooLarge = error instanceof BoxRequestError && error.status === 413;
      setStatus({ tone: "error", text: tooLarge ? t("Box.TooLarge") : t("Box.UploadFailed") });
    }
  };

  return (
    <section className="file-box" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{heading}</h2>
      {items.isPending && <p role="status">{t("Box.Loading")}</p>}
      {items.isError && (
        <p role="alert" className="error-text">
          {t(noFolder ? "Util.NoFolderFound" : "Box.LoadFailed")}
        </p>
      )}
      {items.data && items.data.filter((entry) => entry.type === "file").length === 0 && <p>{t("Box.Empty")}</p>}
      {items.data && (
        <ul className="file-box__list">
          {items.data
            .filter((entry) => entry.type === "file")
            .map((entry) => (
              <li key={entry.id}>
                <span>{entry.name}</span>
                <button
                  type="button"
                  className="link-button"
                  aria-label={t("Box.DownloadFile", { name: entry.name })}
                  onClick={() =>
                    void downloadBoxFile(folder, entry).catch(() =>
                      setStatus({ tone: "error", text: t("Box.DownloadFailed") }),
                    )
                  }
                >
                  {t("Box.Download")}
                </button>
              </li>
            ))}
        </ul>
      )}
      {!folder.readOnly && (
        <Field id={inputId} label={t("Box.UploadLabel")}>
          {(aria) => <input {...aria} type="file" onChange={(event) => void upload(event.currentTarget.files)} />}
        </Field>
      )}
      <p role="status" className={status?.tone === "error" ? "error-text" : undefined}>
        {status?.text ?? ""}
      </p>
    </section>
  );
}
