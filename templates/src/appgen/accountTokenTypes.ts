/**
 * The rows of account mail (src/appgen/accountMail.ts): its tokens (table AppgenAccountToken),
 * the verified addresses (AppgenVerifiedAddress) and the accounts they belong to, read and written
 * through the project's ORM (src/appgen/accountTokens.ts).
 */

/** What a token is for: setting a new password, or verifying an address. */
export type TokenPurpose = "reset" | "verify";

/** A token a mail carries, as its table keeps it (the SHA-256 of the token, never the token). */
export interface AccountToken {
  id: string;
  tokenHash: string;
  /** A TokenPurpose (a text column where the database has no enums). */
  purpose: string;
  userId: string;
  /** The address the mail went to. */
  address: string;
  createdAt: Date;
  expiresAt: Date;
}

/** A token row to store. */
export type NewAccountToken = Omit<AccountToken, "purpose"> & { purpose: TokenPurpose };

/** An account as mail sees it: its id and its address. */
export interface MailAccount {
  id: string;
  address: string;
}

/** The outbox row that sends a token's mail. */
export interface MailOutboxRow {
  id: string;
  name: string;
  payload: { tokenId: string };
  maxAttempts: number;
  runAt: Date;
}

export interface AccountTokenStore {
  /** The account of this address (compared as stored), or null. */
  accountByAddress(address: string): Promise<MailAccount | null>;
  accountById(id: string): Promise<MailAccount | null>;
  /** Stores a token and the outbox row that mails it, in one transaction. */
  addWithMail(token: NewAccountToken, mail: MailOutboxRow): Promise<void>;
  /** The token's row, deleted, when it is of this purpose; else null (a token works once). */
  take(tokenHash: string, purpose: TokenPurpose): Promise<AccountToken | null>;
  /** The row of this id, or null (the mail's worker). */
  byId(id: string): Promise<AccountToken | null>;
  /** Deletes the user's tokens of this purpose. */
  removeOf(userId: string, purpose: TokenPurpose): Promise<void>;
  /** Deletes the tokens that expired at or before `time` (the sweep). */
  removeExpired(time: Date): Promise<void>;
  /** Sets the account's password hash. */
  setPassword(userId: string, hash: string): Promise<void>;
  /** Notes the address as the user's verified one (again: no change). */
  markVerified(userId: string, address: string, time: Date): Promise<void>;
  isVerified(userId: string, address: string): Promise<boolean>;
}
