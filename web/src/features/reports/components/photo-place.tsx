import type { LatLng } from "@contract/maps";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { reverseGeocode } from "@/api/maps";
import { type PickedAddress, pickedFrom } from "@/components/map/picked-address";

/** Where the first photo that says so was taken (its EXIF GPS, read in the browser before upload). */
export async function photoPosition(files: File[]): Promise<LatLng | null> {
  // exifr is a chunk of its own, fetched only once photos are chosen.
  const { gps } = await import("exifr");
  for (const file of files) {
    try {
      const position = await gps(file);
      if (position && Number.isFinite(position.latitude) && Number.isFinite(position.longitude))
        return { lat: position.latitude, lng: position.longitude };
    } catch {
      // A photo without readable EXIF simply has no place.
    }
  }
  return null;
}

/** Farther apart than this (about 50 m), the photo's place is offered instead of the chosen address. */
const SAME_PLACE_DEGREES = 0.0005;

/**
 * Offers a photo's own position as the report's location when it differs from the address chosen
 * (the photo's GPS is read before the server strips it).
 */
export function PhotoPlaceOffer({
  place,
  address,
  onUse,
}: {
  place: LatLng | null;
  address: PickedAddress | null;
  onUse: (picked: PickedAddress) => void;
}) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const near =
    place && address
      ? Math.hypot(place.lat - address.location.lat, place.lng - address.location.lng) < SAME_PLACE_DEGREES
      : false;
  return (
    <>
      {place && !near ? (
        <div className="report-photo-place">
          <p>{t("Report.PhotoHasPlace")}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => {
              setProblem(false);
              try {
                const { candidate } = await reverseGeocode(place);
                if (!candidate) {
                  setProblem(true);
                  return;
                }
                onUse(pickedFrom(candidate, "photo", place));
                setAnnouncement(t("Map.AddressChosen", { address: candidate.address }));
              } catch {
                setProblem(true);
              }
            }}
          >
            {t("Report.UsePhotoPlace")}
          </button>
        </div>
      ) : null}
      {problem ? <p role="alert">{t("Report.PhotoProblems.PhotoPlaceUnknown")}</p> : null}
      {address ? (
        <p data-testid="report-address-summary">
          {t("Map.ChosenAddress")} <strong>{address.address}</strong>
        </p>
      ) : null}
      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
