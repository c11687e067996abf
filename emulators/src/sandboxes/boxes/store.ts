import { BOX_ROOT_FOLDER_ID, buildBoxFolders, RECORDS_FOLDER_ID, UTILITY_FOLDER_ID } from "../../seed/boxes.ts";

export interface BoxFolder {
  type: "folder";
  id: string;
  name: string;
  parentId: string | null;
  createdAt: string;
  sharedLink: string | null;
}

export interface BoxFile {
  type: "file";
  id: string;
  name: string;
  parentId: string;
  contentType: string;
  content: Buffer;
  createdAt: string;
  sharedLink: string | null;
}

export type BoxItem = BoxFolder | BoxFile;

/** Box-like items: numeric string ids, names unique within a folder (case-insensitive). */
export function createBoxStore() {
  const items = new Map<string, BoxItem>();
  let nextId = 200_000_000_000;
  const newId = () => String(nextId++);
  const now = () => new Date().toISOString();

  const addFolder = (name: string, parentId: string | null, id = newId()): BoxFolder => {
    const folder: BoxFolder = { type: "folder", id, name, parentId, createdAt: now(), sharedLink: null };
    items.set(id, folder);
    return folder;
  };
  const addFile = (name: string, parentId: string, contentType: string, content: Buffer): BoxFile => {
    const file: BoxFile = {
      type: "file",
      id: newId(),
      name,
      parentId,
      contentType,
      content,
      createdAt: now(),
      sharedLink: null,
    };
    items.set(file.id, file);
    return file;
  };

  addFolder("All Files", null, BOX_ROOT_FOLDER_ID);
  addFolder("Portal Records", BOX_ROOT_FOLDER_ID, RECORDS_FOLDER_ID);
  addFolder("Utility Accounts", BOX_ROOT_FOLDER_ID, UTILITY_FOLDER_ID);
  for (const seed of buildBoxFolders()) {
    const folder = addFolder(seed.name, seed.parentId);
    for (const file of seed.files) addFile(file.name, folder.id, file.contentType, file.content);
  }

  const children = (folderId: string) =>
    [...items.values()]
      .filter((item) => item.parentId === folderId)
      .sort((a, b) => (a.type === b.type ? a.name.localeCompare(b.name) : a.type === "folder" ? -1 : 1));

  return {
    get: (id: string) => items.get(id),
    children,
    /** An item with this name in the folder, as Box reports a name conflict. */
    named: (folderId: string, name: string) =>
      children(folderId).find((item) => item.name.toLowerCase() === name.toLowerCase()),
    addFolder: (name: string, parentId: string) => addFolder(name, parentId),
    addFile,
    remove(id: string) {
      for (const child of children(id)) this.remove(child.id);
      items.delete(id);
    },
    /** True when the item is the folder or lies somewhere beneath it. */
    isWithin(id: string, folderId: string): boolean {
      let current = items.get(id);
      while (current) {
        if (current.id === folderId) return true;
        current = current.parentId ? items.get(current.parentId) : undefined;
      }
      return false;
    },
  };
}

export type BoxStore = ReturnType<typeof createBoxStore>;
