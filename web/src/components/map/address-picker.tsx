import { type AddressCandidate, type LatLng, MAP_DEFAULT_CENTER } from "@contract/maps";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { reverseGeocode } from "@/api/maps";
import type { FieldErrorValue } from "@/components/ui/form/field";
import { AddressSearch } from "./address-search";
import { MapBoundary } from "./map-boundary";
import { type PickedAddress, pickedFrom } from "./picked-address";
import "./map.css";

// Leaflet and its styles are a chunk of their own, fetched only when an address step renders.
const LeafletMap = lazy(() => import("./leaflet-map"));

export interface AddressPickerProps {
  /** Id of the typed-address input; the error summary links to it. */
  id: string;
  value: PickedAddress | null;
  onChange: (value: PickedAddress | null) => void;
  required?: boolean;
  error?: FieldErrorValue;
  /** Where the map opens when no address is chosen yet (the report marker default, spec 3 §9). */
  defaultCenter?: LatLng;
}

type Problem = "not-found" | "unavailable" | null;

/**
 * The address step shared by reports and the zoning inquiry: a typed route that needs no map
 * (type, choose a suggestion, confirm) and a Leaflet map (click, or Enter at the centre, drops the
 * pin; the nearest address is looked up). Choices are announced in a polite live region.
 */
export function AddressPicker({ id, value, onChange, required, error, defaultCenter }: AddressPickerProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<AddressCandidate | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [mapFailed, setMapFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const confirmRef = useRef<HTMLButtonElement>(null);
  const instructionsId = `${id}-map-instructions`;

  useEffect(() => {
    if (pending) confirmRef.current?.focus();
  }, [pending]);

  const onFound = useCallback(
    (candidate: AddressCandidate) => {
      setPending(candidate);
      setAnnouncement(t("Map.ConfirmPrompt", { address: candidate.address }));
    },
    [t],
  );

  const onProblem = useCallback((next: Problem) => {
    setProblem(next);
    if (next) setPending(null);
  }, []);

  const confirm = () => {
    if (!pending) return;
    onChange(pickedFrom(pending, "typed"));
    setAnnouncement(t("Map.AddressChosen", { address: pending.address }));
    setPending(null);
  };

  const onPick = useCallback(
    async (point: LatLng) => {
      setProblem(null);
      setPending(null);
      try {
        const { candidate } = await reverseGeocode(point);
        if (!candidate) {
          onChange(null);
          setProblem("not-found");
          return;
        }
        onChange(pickedFrom(candidate, "map", point));
        setAnnouncement(t("Map.AddressChosen", { address: candidate.address }));
      } catch {
        setProblem("unavailable");
      }
    },
    [onChange, t],
  );

  const onMapError = useCallback(() => setMapFailed(true), []);
  const center = value?.location ?? defaultCenter ?? MAP_DEFAULT_CENTER;

  return (
    <div className="address-picker">
      <AddressSearch id={id} required={required} error={error} onFound={onFound} onProblem={onProblem} />
      {problem ? (
        <p className="address-picker__problem" role="alert">
          {problem === "not-found" ? t("Report.NoAddressFound") : t("Map.GeocoderUnavailable")}
        </p>
      ) : null}
      {pending ? (
        <div className="address-picker__confirm">
          <p>
            {t("Map.IsThisThePlace")} <strong>{pending.address}</strong>
          </p>
          <button ref={confirmRef} type="button" className="button button--primary" onClick={confirm}>
            {t("Map.ConfirmAddress")}
          </button>
        </div>
      ) : null}
      {value ? (
        <p className="address-picker__chosen" data-testid="chosen-address">
          {t("Map.ChosenAddress")} <strong>{value.address}</strong>
        </p>
      ) : null}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
      <p className="address-picker__map-heading">{t("Map.OrUseTheMap")}</p>
      <p id={instructionsId} className="field__hint">
        {t("Map.KeyboardInstructions")}
      </p>
      {mapFailed ? (
        <p className="address-picker__problem" role="alert">
          {t("Map.CouldNotLoad")}
        </p>
      ) : (
        <MapBoundary onError={onMapError}>
          <Suspense fallback={<div className="map-frame map-frame--loading">{t("Map.Loading")}</div>}>
            <LeafletMap
              center={center}
              pin={value?.location ?? null}
              onPick={(point) => void onPick(point)}
              onLoadError={onMapError}
              describedBy={instructionsId}
            />
          </Suspense>
        </MapBoundary>
      )}
    </div>
  );
}
