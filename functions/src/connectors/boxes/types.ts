/** What the browser's file widget needs (spec: storage folder response). */
export interface BoxFolderAccess {
  folderId: string;
  /** A short-lived token scoped to this one folder. */
  accessToken: string;
}

export interface BoxesConnector {
  /** The folder of a CRM record (created on first use), with a token to view, upload and manage files. */
  recordFolder(crmRecordId: string): Promise<BoxFolderAccess>;
  /**
   * The billing folder of a utility account, with a read-only token (view and download only).
   * ConnectorError not_found when the account has no folder.
   */
  utilityAccountFolder(accountNumber: string): Promise<BoxFolderAccess>;
  /**
   * Uploads a file into a folder with the caller's own folder token (the token decides whether
   * uploading is allowed: a read-only token is refused). Answers the new file's id and name.
   * ConnectorError rejected (403: the token may not upload, 409: a file of that name exists,
   * 413: too large: `detail.status`) or unavailable.
   */
  uploadFile(upload: BoxUpload): Promise<{ id: string; name: string }>;
}

export interface BoxUpload {
  token: string;
  folderId: string;
  name: string;
  bytes: Buffer;
  contentType: string;
}
