import { type AdditionalInformationInput, ZAdditionalInformationInput } from "@contract/activity-detail";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field } from "@/components/ui/form/field";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextAreaField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { getRecordBoxFolder } from "../api/get-box-folder";
import { useSubmitAdditionalInformation } from "../api/submit-additional-information";
import { uploadBoxFile } from "../box-client";
import { boxItemsQueryKey } from "./file-box";

/**
 * The answer to "action required" (spec 2 §2): text, and documents that go to the record's file
 * box first; their names travel with the text so staff find them.
 */
export function AdditionalInformationForm({ type, id }: { type: string; id: string }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { showError } = useModals();
  const queryClient = useQueryClient();
  const submit = useSubmitAdditionalInformation(type, id);
  const [files, setFiles] = useState<File[]>([]);
  const form = useForm<AdditionalInformationInput>({
    resolver: zodResolver(ZAdditionalInformationInput),
    shouldFocusError: false,
    defaultValues: { additionalInformationText: "", boxActivityLog: [] },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const fields = formFields(form, {
    additionalInformationText: {
      id: "additional-information-text",
      label: t("Activity.AdditionalInformation"),
      hint: t("Activity.AdditionalInformationHint"),
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const names: string[] = [];
      if (files.length > 0) {
        const folder = await getRecordBoxFolder(id);
        for (const file of files) names.push((await uploadBoxFile(folder, file)).name);
        await queryClient.invalidateQueries({ queryKey: boxItemsQueryKey(folder.folderId) });
      }
      const result = await submit.mutateAsync({ ...values, boxActivityLog: names });
      toasts.show(
        "success",
        result.status === "sent" ? t("additional-information-submitted") : t("Activity.AdditionalInformationReceived"),
      );
    } catch {
      showError(t("Activity.AdditionalInformationFailed"));
    }
  });

  return (
    <form className="additional-information" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
      <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
      <TextAreaField {...fields.input("additionalInformationText")} required rows={5} />
      <Field id="additional-information-documents" label={t("Activity.Documents")} hint={t("Activity.DocumentsHint")}>
        {(aria) => (
          <input
            {...aria}
            type="file"
            multiple
            onChange={(event) => setFiles([...(event.currentTarget.files ?? [])])}
          />
        )}
      </Field>
      <button type="submit" className="button button--primary" disabled={isSubmitting}>
        {t("Activity.SubmitAdditionalInformation")}
      </button>
    </form>
  );
}
