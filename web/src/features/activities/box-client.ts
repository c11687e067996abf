import type { BoxFolderResponse } from "@contract/activity-detail";

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

export async function uploadBoxFile(folder: BoxFolderResponse, file: File): Promise<BoxEntry> {
  const form = new FormData();
  form.append("attributes", JSON.stringify({ name: file.name, parent: { id: folder.folderId } }));
  form.append("file", file, file.name);
  const response = await fetch(`${folder.uploadUrl}/files/content`, {
    method: "POST",
    headers: auth(folder),
    body: form,
  });
  if (!response.ok) throw new BoxRequestError(response.status);
  return ((await response.json()) as { entries: BoxEntry[] }).entries[0] as BoxEntry;
}
