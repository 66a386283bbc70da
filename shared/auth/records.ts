/**
 * Users and their sign-in records. Pure types; shared/db/stores/user-store.ts and
 * session-store.ts store and read them.
 */
export interface User {
  id: string;
  email: string;
}

/** A sign-in begun and not yet finished: its state and the PKCE code verifier. */
export interface PendingLogin {
  state: string;
  codeVerifier: string;
}

/** A refresh token, known by its hash; tokens rotated from one sign-in share a family. `expiresAt` is epoch seconds. */
export interface RefreshRecord {
  hash: string;
  userId: string;
  familyId: string;
  expiresAt: number;
}
