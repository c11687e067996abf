import type { AssetKind, LatLng } from "@contract/maps";
import { useTranslation } from "react-i18next";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import { useNearestAssets } from "../api/nearest-assets";

/** The radio value of "I can't tell which one": the report names no asset. */
export const ASSET_NOT_SURE = "NOT_SURE";

/**
 * "Which streetlight is it?" (issue 33, "the exact asset"): the city's assets of the report's kind
 * nearest the chosen place, as radios (keyboard and screen readers pick one like any choice; no
 * map needed), with "I can't tell which one". When the map service fails or shows none near, the
 * resident is told and goes on without one.
 */
export function AssetChoice({
  kind,
  place,
  value,
  error,
  onChange,
}: {
  kind: AssetKind;
  place: LatLng;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const nearest = useNearestAssets(kind, place);
  if (nearest.isPending) {
    return (
      <p id="report-asset" role="status">
        {t("Report.Assets.Loading")}
      </p>
    );
  }
  if (nearest.isError) {
    return (
      <p id="report-asset" className="error-message" role="alert">
        {t("Report.Assets.LoadFailed")}
      </p>
    );
  }
  const assets = nearest.data.assets;
  if (assets.length === 0) {
    return (
      <p id="report-asset" role="status">
        {t("Report.Assets.NoneNear")}
      </p>
    );
  }
  const options = [
    ...assets.map((asset) => ({
      value: asset.id,
      label: t(`Report.Assets.Option.${kind}`, { id: asset.id, street: asset.street, distance: asset.distanceMeters }),
    })),
    { value: ASSET_NOT_SURE, label: t("Report.Assets.NotSure") },
  ];
  return (
    <RadioGroupField
      id="report-asset"
      legend={t(`Report.Assets.Legend.${kind}`)}
      hint={t("Report.Assets.Hint")}
      error={error}
      options={options}
      value={value}
      onValueChange={onChange}
    />
  );
}
