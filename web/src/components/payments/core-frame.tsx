/** Spec 2 §2, §9: a CORE hosted frame (bill pay, add card) is 570 px high until it reports its height. */
export const CORE_FRAME_HEIGHT = 570;
/** Spec 2 §2, §9: the frame pages (/core/bill-pay/iframe, /iframe/unauth, the add-card page) add 60 to it. */
export const FRAME_PAGE_EXTRA = 60;
/** A frame error makes the frame taller and scrollable (spec 2 §2, §8). */
export const FRAME_ERROR_EXTRA = 200;

/**
 * A CORE hosted frame: the width of the page up to 560 px, the height the page keeps from the frame's
 * messages, no border; scrollable after an error, else its own scrollbars hidden.
 */
export function CoreFrame({
  title,
  src,
  height,
  failed,
  "data-frame-height": dataHeight,
}: {
  title: string;
  src: string;
  height: number;
  failed: boolean;
  /** The height, for the browser tests to read. */
  "data-frame-height"?: number;
}) {
  return (
    <iframe
      title={title}
      src={src}
      data-frame-height={dataHeight}
      style={{ width: "100%", maxWidth: 560, height, border: 0, overflow: failed ? "auto" : "hidden" }}
    />
  );
}
