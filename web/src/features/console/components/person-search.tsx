import { PERSON_SEARCH_KINDS, type PersonSearchQuery, ZPersonSearchForm } from "@contract/console";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { AdminLoadError } from "@/components/ui/admin-load-error";
import { FieldErrorSummary } from "@/components/ui/form/field-error-summary";
import { formFields } from "@/components/ui/form/form-fields";
import { SelectField } from "@/components/ui/form/select-field";
import { TextField } from "@/components/ui/form/text-field";
import { paths } from "@/config/paths";
import { useFindPeople } from "../api/find-people";

/** The search in the page's address (`?by=phone&q=…`), so Back returns to the same results. */
function searchOf(params: URLSearchParams): PersonSearchQuery | null {
  const parsed = ZPersonSearchForm.safeParse({ by: params.get("by") ?? "", q: params.get("q") ?? "" });
  return parsed.success ? parsed.data : null;
}

/** The console's "find a person" (issue 31): by name, email, phone, water account or case number. */
export function PersonSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = searchOf(params);
  const people = useFindPeople(search);
  const form = useForm<PersonSearchQuery>({
    resolver: zodResolver(ZPersonSearchForm),
    shouldFocusError: false,
    defaultValues: { by: search?.by ?? "phone", q: search?.q ?? "" },
  });
  const { errors, submitCount } = form.formState;
  const fields = formFields(form, {
    by: { id: "console-search-by", label: t("Console.SearchBy") },
    q: { id: "console-search-q", label: t("Console.SearchFor"), hint: t("Console.SearchHint") },
  });
  const onSubmit = form.handleSubmit((values) => setParams(new URLSearchParams(values)));

  return (
    <>
      <section aria-labelledby="console-find" className="console-section">
        <h2 id="console-find">{t("Console.FindPerson")}</h2>
        <FieldErrorSummary errors={errors} submitCount={submitCount} fields={fields.summary} />
        <form noValidate onSubmit={onSubmit}>
          <SelectField
            {...fields.input("by")}
            options={PERSON_SEARCH_KINDS.map((kind) => ({ value: kind, label: t(`Console.By.${kind}`) }))}
          />
          <TextField {...fields.input("q")} required autoComplete="off" />
          <button type="submit" className="button button--primary">
            {t("Console.Search")}
          </button>
        </form>
      </section>
      {search ? (
        <section aria-labelledby="console-results" className="console-section">
          <h2 id="console-results">{t("Console.Results")}</h2>
          {people.isPending ? <p>{t("App.Loading")}</p> : null}
          {people.isError ? <AdminLoadError error={people.error} message={t("Util.ErrorTryAgainLater")} /> : null}
          {people.data ? (
            <>
              <p role="status">{t("Console.Found", { count: people.data.people.length })}</p>
              <ul className="console-people">
                {people.data.people.map((person) => (
                  <li key={person.uid}>
                    <Link to={paths.consolePerson.href(person.uid)}>
                      {[person.firstName, person.lastName].filter(Boolean).join(" ") || person.email || person.uid}
                    </Link>
                    <span className="console-people__detail">
                      {[person.email, person.phone].filter(Boolean).join(" · ")}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

export default PersonSearch;
