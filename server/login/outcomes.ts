/**
 * What the post-login actions decided for a login, kept until its tokens are issued: the
 * custom claims of the ID token and of the access token, by the grant the login made.
 * In memory and bounded, like the protocol's other short-lived artefacts (adapter.ts).
 */
import { MAX_ARTEFACTS_PER_MODEL } from "./adapter";

/** The custom claims of one login. */
export interface CustomClaims {
  idToken: Record<string, unknown>;
  accessToken: Record<string, unknown>;
}

/** Custom claims by grant id. */
export class LoginOutcomes {
  private readonly byGrant = new Map<string, CustomClaims>();

  /** Keeps the claims of the login that made grant `grantId`. */
  set(grantId: string, claims: CustomClaims): void {
    if (this.byGrant.size >= MAX_ARTEFACTS_PER_MODEL) this.byGrant.delete(this.byGrant.keys().next().value!);
    this.byGrant.set(grantId, claims);
  }

  idTokenClaims(grantId: string | undefined): Record<string, unknown> {
    return (grantId && this.byGrant.get(grantId)?.idToken) || {};
  }

  accessTokenClaims(grantId: string | undefined): Record<string, unknown> | undefined {
    const claims = grantId ? this.byGrant.get(grantId)?.accessToken : undefined;
    return claims && Object.keys(claims).length > 0 ? claims : undefined;
  }
}
