/** Raster image types the portal accepts for uploads. SVG is refused: it can carry script. */
export const UPLOAD_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export type UploadImageType = (typeof UPLOAD_IMAGE_TYPES)[number];

/** The file extension a stored image gets. */
export const IMAGE_EXTENSIONS: Record<UploadImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

export const isUploadImageType = (type: string): type is UploadImageType =>
  (UPLOAD_IMAGE_TYPES as readonly string[]).includes(type);
