import { ASSISTED_REPORT_FILERS, type AssistedReportFiler, type ResentMessage } from "@contract/console";
import type { AddressCandidate } from "@contract/maps";
import { REPORT_TYPE_DEFINITIONS, REPORT_TYPES, type ReportType } from "@contract/reports";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { AddressSearch } from "@/components/map/address-search";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { SubmitButton } from "@/components/ui/form/form-actions";
import { SelectField } from "@/components/ui/form/select-field";
import { TextAreaField } from "@/components/ui/form/text-field";
import { ApiError } from "@/lib/api-client";
import { useAssistedReport, useResendReceipt, useResendVerification } from "../api/assist";

/** Report types staff can file from the console: an address and a description, no category questions. */
const CONSOLE_REPORT_TYPES = REPORT_TYPES.filter((type) => {
  const definition = REPORT_TYPE_DEFINITIONS[type];
  return definition.address && !definition.rating && definition.fields.length === 0;
});

/** What an action's failure tells staff, in the page's language. */
function useFailureText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError && error.status === 409
      ? t("Console.Act.NotNeeded")
      : error instanceof ApiError && error.status === 429
        ? t("Console.Act.TooMany")
        : t("Console.Act.Failed");
}

/** A "send again" button and what came of it (a receipt, a verification email). */
function SendAgainButton({
  label,
  send,
}: {
  label: string;
  send: {
    isPending: boolean;
    isSuccess: boolean;
    isError: boolean;
    error: unknown;
    data?: ResentMessage;
    run: () => void;
  };
}) {
  const { t } = useTranslation();
  const failure = useFailureText();
  return (
    <>
      <button
        type="button"
        className="button button--secondary console-inline-button"
        disabled={send.isPending}
        onClick={send.run}
      >
        {label}
      </button>
      {send.isSuccess && send.data ? (
        <span role="status"> {t("Console.Act.Sent", { who: send.data.assistedBy })}</span>
      ) : null}
      {send.isError ? <span role="alert"> {failure(send.error)}</span> : null}
    </>
  );
}

/** "Send the receipt again" beside a charged payment of the person view. */
export function ResendReceiptButton({ uid, paymentId }: { uid: string; paymentId: string }) {
  const { t } = useTranslation();
  const resend = useResendReceipt(uid);
  return (
    <SendAgainButton label={t("Console.Act.ResendReceipt")} send={{ ...resend, run: () => resend.mutate(paymentId) }} />
  );
}

/** The console's "act for them" (issue 31): a report filed for the person, and a verification email again. */
export function PersonActions({ uid, name }: { uid: string; name: string }) {
  const { t } = useTranslation();
  const failure = useFailureText();
  const file = useAssistedReport(uid);
  const verification = useResendVerification(uid);
  const [reportId, setReportId] = useState(() => crypto.randomUUID());
  const [filedAs, setFiledAs] = useState<AssistedReportFiler>("person");
  const [type, setType] = useState<ReportType>(CONSOLE_REPORT_TYPES[0] ?? "pothole");
  const [place, setPlace] = useState<AddressCandidate | null>(null);
  const [placeProblem, setPlaceProblem] = useState<"not-found" | "unavailable" | null>(null);
  const [description, setDescription] = useState("");
  const [missing, setMissing] = useState<{ place?: string; description?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(place ? {} : { place: "Required" }),
      ...(description.trim() ? {} : { description: "Required" }),
    };
    setMissing(problems);
    if (!place || !description.trim()) return;
    file.mutate(
      {
        filedAs,
        report: {
          id: reportId,
          type,
          activityLanguageKey: `Report.Types.${type}`,
          address: { address: place.address, location: place.location },
          description: description.trim(),
        },
      },
      {
        onSuccess: () => {
          setReportId(crypto.randomUUID());
          setDescription("");
          setPlace(null);
        },
      },
    );
  };

  return (
    <section aria-labelledby="person-act" className="console-section">
      <h2 id="person-act">{t("Console.Act.Title", { name })}</h2>
      <p>{t("Console.Act.Intro")}</p>

      <h3>{t("Console.Act.ReportTitle")}</h3>
      <form noValidate onSubmit={submit}>
        <RadioGroupField
          id="assist-filed-as"
          legend={t("Console.Act.FiledAs")}
          options={ASSISTED_REPORT_FILERS.map((value) => ({ value, label: t(`Console.Act.As.${value}`, { name }) }))}
          value={filedAs}
          onValueChange={(value) => setFiledAs(value as AssistedReportFiler)}
        />
        <SelectField
          id="assist-type"
          label={t("Console.Act.ReportType")}
          options={CONSOLE_REPORT_TYPES.map((value) => ({ value, label: t(`Report.Types.${value}`) }))}
          value={type}
          onChange={(event) => setType(event.target.value as ReportType)}
        />
        <AddressSearch
          id="assist-address"
          required
          error={missing.place && !place ? { message: missing.place } : undefined}
          onFound={(candidate) => setPlace(candidate)}
          onProblem={setPlaceProblem}
        />
        {place ? <p role="status">{t("Console.Act.Place", { address: place.address })}</p> : null}
        {placeProblem ? (
          <p role="alert">{placeProblem === "not-found" ? t("Report.NoAddressFound") : t("Console.Act.Failed")}</p>
        ) : null}
        <TextAreaField
          id="assist-description"
          label={t("Console.Act.Description")}
          required
          rows={3}
          value={description}
          error={missing.description && !description.trim() ? { message: missing.description } : undefined}
          onChange={(event) => setDescription(event.target.value)}
        />
        <SubmitButton pending={file.isPending}>{t("Console.Act.FileReport")}</SubmitButton>
      </form>
      {file.isSuccess ? (
        <p role="status" className="console-done">
          {file.data.status === "filed"
            ? t("Console.Act.Filed", { caseNumber: file.data.caseNumber, who: file.data.assistedBy })
            : t("Console.Act.Received", { who: file.data.assistedBy })}
        </p>
      ) : null}
      {file.isError ? <p role="alert">{failure(file.error)}</p> : null}

      <h3>{t("Console.Act.VerificationTitle")}</h3>
      <p>
        <SendAgainButton
          label={t("Console.Act.ResendVerification")}
          send={{ ...verification, run: () => verification.mutate(undefined) }}
        />
      </p>
    </section>
  );
}
