import { BOX_TOKEN_HEADER, type BoxFolderResponse, type BoxUploadResult } from "@contract/activity-detail";
import { ApiError, api } from "@/lib/api-client";

/** An entry of a file-box folder as Box lists it. */
export interface BoxEntry {
  type: "file" | "folder";
  id: string;
  name: string;
  size?: number;
}

/** The file-box system's refusal; 413 marks a file too large (spec 2 §8). */
export class BoxRequestError extends Error {
  constructor(readonly status: number) {
    super(`The file box answered ${status}`);
  }
}

const auth = (folder: BoxFolderResponse) => ({ authorization: `Bearer ${folder.accessToken}` });

/**
 * The browser talks to the file-box API directly with the folder's downscoped token (Box's
 * widget pattern): the token, not the page, decides what may be done (read-only for utility folders).
 */
export async function listBoxItems(folder: BoxFolderResponse): Promise<BoxEntry[]> {
  const response = await fetch(`${folder.apiUrl}/folders/${encodeURIComponent(folder.folderId)}/items?limit=1000`, {
    headers: auth(folder),
  });
  if (!response.ok) throw new BoxRequestError(response.status);
  return ((await response.json()) as { entries: BoxEntry[] }).entries;
}

export async function downloadBoxFile(folder: BoxFolderResponse, file: BoxEntry): Promise<void> {
  const response = await fetch(`${folder.apiUrl}/files/${encodeURIComponent(file.id)}/content`, {
    headers: auth(folder),
  });
  if (!response.ok) throw new BoxRequestError(response.status);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// POST /api/box/upload
/**
 * Uploads through the portal, not straight to the file box: the API strips a photo's EXIF (with the
 * GPS position a phone records) before the file box keeps it (issue 33). The folder's token goes
 * along and still decides whether uploading is allowed; no portal sign-in is needed (the mobile
 * app's web view has none).
 */
export async function uploadBoxFile(folder: BoxFolderResponse, file: File): Promise<BoxEntry> {
  const form = new FormData();
  form.append("folderId", folder.folderId);
  form.append("file", file, file.name);
  try {
    const stored = await api.post<BoxUploadResult>("/box/upload", form, {
      headers: { [BOX_TOKEN_HEADER]: folder.accessToken },
      anonymous: true,
    });
    return { type: "file", id: stored.id, name: stored.name };
  } catch (error) {
    throw new BoxRequestError(error instanceof ApiError ? error.status : 0);
  }
}
