import { ORGANIZATION_SEARCH_MIN_CHARS, type OrganizationInput, organizationKey } from "@contract/account-forms";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/form/text-field";
import { type MatchedOrganization, useMatchOrganizations } from "../api/match-organizations";
import { useSearchOrganizations } from "../api/search-organizations";
import { AddOrganizationForm } from "./add-organization-form";
import { clearWizard, readWizard, saveWizard } from "./wizard-storage";

interface BusinessInformationFormProps {
  /**
   * The wizard's step 3 keeps its list across reloads of the wizard and may be skipped;
   * /add_organization starts empty and needs at least one organization.
   */
  purpose: "wizard" | "addOrganization";
  /** After the organizations were matched or created (or the wizard step was skipped). */
  onFinished: (organizations: MatchedOrganization[]) => void | Promise<void>;
}

/**
 * Account creation step 3 and /add_organization (spec 2): search existing organizations (from 3
 * characters, at most 7 hits, leaving out those already added) or add new ones; finishing
 * matches or creates them.
 */
export function BusinessInformationForm({ purpose, onFinished }: BusinessInformationFormProps) {
  const { t } = useTranslation();
  const searchId = useId();
  const inWizard = purpose === "wizard";
  const [mode, setMode] = useState<"search" | "add">("search");
  const [organizations, setOrganizations] = useState<OrganizationInput[]>(() =>
    inWizard ? (readWizard().organizations ?? []) : [],
  );
  const [term, setTerm] = useState("");
  const [failure, setFailure] = useState<"failed" | "empty" | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const failureRef = useRef<HTMLDivElement>(null);
  const addNewRef = useRef<HTMLButtonElement>(null);
  const matchOrganizations = useMatchOrganizations();
  // Picked hits are left out by their CRM ids (the API takes no tax ids: issue 26, finding 8).
  const search = useSearchOrganizations(
    term,
    organizations.flatMap((organization) => (organization.sfId ? [organization.sfId] : [])),
  );
  const searching = term.trim().length >= ORGANIZATION_SEARCH_MIN_CHARS;
  const hits = searching ? (search.data?.searchRecords ?? []) : [];
  const addedKeys = new Set(organizations.map(organizationKey));
  // The API leaves out organizations already picked; ids picked a moment ago too.
  const visibleHits = hits.filter((hit) => !addedKeys.has(hit.Id));

  useEffect(() => {
    if (inWizard) saveWizard({ organizations });
  }, [inWizard, organizations]);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const add = (organization: OrganizationInput) => {
    setOrganizations((list) => [...list, organization]);
    setAnnouncement(t("Account.Org.Added", { name: organization.name }));
  };
  const remove = (key: string) => {
    const removed = organizations.find((organization) => organizationKey(organization) === key);
    setOrganizations((list) => list.filter((organization) => organizationKey(organization) !== key));
    if (removed) setAnnouncement(t("Account.Org.Removed", { name: removed.name }));
  };

  const finish = async () => {
    setFailure(null);
    if (organizations.length === 0 && !inWizard) {
      setFailure("empty");
      return;
    }
    let matched: MatchedOrganization[] = [];
    if (organizations.length > 0) {
      try {
        matched = (await matchOrganizations.mutateAsync({ organizations })).organizations;
      } catch {
        setFailure("failed");
        return;
      }
    }
    if (inWizard) clearWizard();
    await onFinished(matched);
  };

  return (
    <div className="account-form">
      <p>{t("Account.Org.Intro")}</p>
      {failure ? (
        <div ref={failureRef} className="account-alert" role="alert" tabIndex={-1}>
          {failure === "empty" ? t("Organization.AddAtLeastOne") : t("Util.ErrorTryAgainLater")}
        </div>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {mode === "search" ? (
        <section aria-labelledby={`${searchId}-title`}>
          <h2 id={`${searchId}-title`}>{t("Account.Org.SearchTitle")}</h2>
          <TextField
            id={`${searchId}-input`}
            type="search"
            label={t("Account.Org.SearchLabel")}
            hint={t("Account.Org.SearchHint", { count: ORGANIZATION_SEARCH_MIN_CHARS })}
            aria-describedby={`${searchId}-status`}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <p id={`${searchId}-status`} aria-live="polite" className="field__hint">
            {searching && search.isSuccess
              ? t("Account.Org.Results", { count: visibleHits.length })
              : searching && search.isError
                ? t("Util.ErrorTryAgainLater")
                : ""}
          </p>
          {visibleHits.length > 0 ? (
            <ul className="account-list" aria-label={t("Account.Org.ResultsLabel")}>
              {visibleHits.map((hit) => (
                <li key={hit.Id}>
                  <span>
                    {hit.Name}
                    {hit.BillingCity ? `, ${hit.BillingCity}` : ""}
                  </span>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={t("Account.Org.AddNamed", { name: hit.Name })}
                    onClick={() => add({ name: hit.Name, sfId: hit.Id, taxId: "" })}
                  >
                    {t("Account.Org.Add")}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <p>
            <button ref={addNewRef} type="button" className="button button--secondary" onClick={() => setMode("add")}>
              {t("Account.Org.AddNew")}
            </button>
          </p>
        </section>
      ) : (
        <AddOrganizationForm
          onAdd={(organization) => {
            if (addedKeys.has(organizationKey(organization))) {
              setAnnouncement(t("Account.Org.AlreadyAdded"));
            } else add(organization);
            setMode("search");
          }}
          onCancel={() => setMode("search")}
        />
      )}

      <section aria-labelledby={`${searchId}-added`}>
        <h2 id={`${searchId}-added`}>{t("Account.Org.AddedTitle")}</h2>
        {organizations.length === 0 ? (
          <p>{t("Account.Org.NoneAdded")}</p>
        ) : (
          <ul className="account-list">
            {organizations.map((organization) => (
              <li key={organizationKey(organization)}>
                <span>
                  {organization.name}
                  {organization.sfId ? ` (${t("Account.Org.Existing")})` : ` (${t("Account.Org.New")})`}
                </span>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={t("Account.Org.RemoveNamed", { name: organization.name })}
                  onClick={() => remove(organizationKey(organization))}
                >
                  {t("Account.Org.Remove")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="account-form__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={matchOrganizations.isPending}
          onClick={() => void finish()}
        >
          {matchOrganizations.isPending
            ? t("Account.Wizard.Saving")
            : !inWizard
              ? t("Organization.SaveOrganizations")
              : organizations.length > 0
                ? t("Account.Wizard.Finish")
                : t("Account.Wizard.Skip")}
        </button>
      </div>
    </div>
  );
}
