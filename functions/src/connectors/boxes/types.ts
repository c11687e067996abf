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
}
