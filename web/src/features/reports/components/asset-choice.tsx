import type { AssetKind, LatLng } from "@contract/maps";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapBoundary } from "@/components/map/map-boundary";
import { RadioGroupField } from "@/components/ui/form/choice-fields";
import type { FieldErrorValue } from "@/components/ui/form/field";
import { useNearestAssets } from "../api/nearest-assets";

// Leaflet is its own chunk, shared with the address step's map.
const AssetMap = lazy(() => import("@/components/map/asset-map"));

/** The radio value of "I can't tell which one": the report names no asset. */
export const ASSET_NOT_SURE = "NOT_SURE";

/**
 * "Which streetlight is it?" (issue 33, "the exact asset"): the city's assets of the report's kind
 * nearest the chosen place, on a map (tap one) and as radios (keyboard and screen readers pick one
 * like any choice), with "I can't tell which one". Both are the same choice. When the map service
 * fails or shows none near, the resident is told and goes on without one.
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
  error?: FieldErrorValue;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const nearest = useNearestAssets(kind, place);
  const [mapFailed, setMapFailed] = useState(false);
  const assets = nearest.data?.assets;
  const labelled = useMemo(
    () =>
      (assets ?? []).map((asset) => ({
        id: asset.id,
        location: asset.location,
        label: t(`Report.Assets.Option.${kind}`, {
          id: asset.id,
          street: asset.street,
          distance: asset.distanceMeters,
        }),
      })),
    [assets, kind, t],
  );
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
  if (labelled.length === 0) {
    return (
      <p id="report-asset" role="status">
        {t("Report.Assets.NoneNear")}
      </p>
    );
  }
  const options = [
    ...labelled.map((asset) => ({ value: asset.id, label: asset.label })),
    { value: ASSET_NOT_SURE, label: t("Report.Assets.NotSure") },
  ];
  return (
    <>
      {mapFailed ? null : (
        <div className="asset-choice__map">
          <p className="field__hint">{t(`Report.Assets.MapHint.${kind}`)}</p>
          <MapBoundary onError={() => setMapFailed(true)}>
            <Suspense
              fallback={<div className="map-frame map-frame--assets map-frame--loading">{t("Map.Loading")}</div>}
            >
              <AssetMap
                place={place}
                points={labelled}
                picked={value}
                onPick={onChange}
                onLoadError={() => setMapFailed(true)}
              />
            </Suspense>
          </MapBoundary>
        </div>
      )}
      <RadioGroupField
        id="report-asset"
        legend={t(`Report.Assets.Legend.${kind}`)}
        hint={t("Report.Assets.Hint")}
        error={error}
        options={options}
        value={value}
        onValueChange={onChange}
      />
    </>
  );
}
