import { type FixedAnswerInput, type FixedQuestion, ZFixedAnswerInput } from "@contract/case-updates";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { TextAreaField } from "@/components/ui/form/text-field";
import { useModals } from "@/components/ui/modals";
import { useToasts } from "@/components/ui/toasts";
import { useAnswerFixedQuestion } from "../api/answer-fixed-question";

/**
 * "Is it fixed?" (issue 33's closed loop): asked four weeks after the resident's case closed. "No"
 * reopens the case with her note (in a few minutes when the CRM is down: her answer is kept and the
 * outbox reopens it); the timeline above then shows both. Once answered, the answer.
 */
export function FixedQuestionSection({ caseId, question }: { caseId: string; question: FixedQuestion }) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const { showError } = useModals();
  const answer = useAnswerFixedQuestion(caseId);
  const form = useForm<FixedAnswerInput>({
    resolver: zodResolver(ZFixedAnswerInput),
    shouldFocusError: false,
    defaultValues: { note: "" },
  });
  const { errors, submitCount, isSubmitting } = form.formState;
  const chosen = useWatch({ control: form.control, name: "answer" });
  const fields = formFields(form, {
    answer: { id: "fixed-answer", label: t("Activity.Fixed.Question"), hint: t("Activity.Fixed.QuestionHint") },
    note: { id: "fixed-note", label: t("Activity.Fixed.Note"), hint: t("Activity.Fixed.NoteHint") },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await answer.mutateAsync(values);
      // A "no" while the CRM is down is kept: the case is reopened once it answers (the outbox job).
      const said =
        result.answer === "fixed"
          ? "Activity.Fixed.Thanks"
          : result.reopened === false
            ? "Activity.Fixed.ReopenQueued"
            : "Activity.Fixed.Reopened";
      toasts.show("success", t(said));
    } catch {
      showError(t("Activity.Fixed.Failed"));
    }
  });

  return (
    <section aria-labelledby="fixed-heading">
      <h2 id="fixed-heading">{t("Activity.Fixed.Heading")}</h2>
      {question.answer ? (
        <p>{t(question.answer === "notFixed" ? "Activity.Fixed.AnsweredNo" : "Activity.Fixed.AnsweredYes")}</p>
      ) : (
        <form className="fixed-question" noValidate onSubmit={onSubmit} aria-busy={isSubmitting}>
          <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
          <RadioGroupField
            {...fields.choice("answer")}
            required
            options={[
              { value: "fixed", label: t("Activity.Fixed.Yes") },
              { value: "notFixed", label: t("Activity.Fixed.No") },
            ]}
          />
          {chosen === "notFixed" && <TextAreaField {...fields.input("note")} rows={4} />}
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t("Activity.Fixed.Send")}
          </button>
        </form>
      )}
    </section>
  );
}
