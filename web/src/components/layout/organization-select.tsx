import { PERSONAL_ORGANIZATION } from "@contract/access";
import { type RefObject, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";

export interface OrganizationSelectProps {
  /** The organizations the user may act for. */
  organizations: readonly { Id: string; Name: string }[];
  /** 'personal' or the chosen organization's id. */
  value: string;
  onSelect: (organizationId: string) => void;
}

export type OrganizationSelectPlace = "user-menu" | "mobile-menu";

/**
 * A switch rebuilds the route table (organization pages come and go), which remounts the header;
 * the control that opened the menu the switch was made in takes focus back afterwards.
 */
let focusAfterSwitch: OrganizationSelectPlace | null = null;

/** Focuses `ref` once, when it mounts right after a switch made from `place`. */
export function useFocusAfterOrganizationSwitch(place: OrganizationSelectPlace, ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (focusAfterSwitch !== place) return;
    focusAfterSwitch = null;
    ref.current?.focus();
  }, [place, ref]);
}

/**
 * "Acting for": personal or one of the user's organizations (spec 1 §3). A select and a button
 * rather than a select that acts on change: switching changes pages and data, so it waits for the
 * user to confirm (WCAG 3.2.2), and arrowing through the options changes nothing.
 */
export function OrganizationSelect({
  organizations,
  value,
  onSelect,
  place,
}: OrganizationSelectProps & { place: OrganizationSelectPlace }) {
  const { t } = useTranslation();
  const id = useId();
  const [choice, setChoice] = useState(value);
  useEffect(() => setChoice(value), [value]);

  return (
    <form
      className="organization-select"
      onSubmit={(event) => {
        event.preventDefault();
        if (choice === value) return;
        focusAfterSwitch = place;
        onSelect(choice);
      }}
    >
      <label htmlFor={id}>{t("Header.ActingFor")}</label>
      <select id={id} value={choice} onChange={(event) => setChoice(event.target.value)}>
        <option value={PERSONAL_ORGANIZATION}>{t("Header.Personal")}</option>
        {organizations.map((organization) => (
          <option key={organization.Id} value={organization.Id}>
            {organization.Name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t("Header.SwitchOrganization")}
      </button>
    </form>
  );
}
