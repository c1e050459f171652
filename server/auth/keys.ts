/**
 * The RS256 key pair that signs access tokens. Persisted as PKCS#8 PEM in
 * `<dataDir>/keys/signing-key.pem` (mode 0600) so tokens stay valid across restarts;
 * ephemeral when the server has no data directory. An existing key is used only when it
 * is this user's and closed to others (see files.ts).
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { calculateJwkThumbprint, exportJWK, type JWK } from "jose";
import { checkPrivateKeyFile, keysDir, writePrivateFile } from "../files";

export { keysDir } from "../files";

/** The only algorithm the server signs and accepts. */
export const SIGNING_ALGORITHM = "RS256";

/** The server's signing key. */
export interface SigningKey {
  /** Key id: the RFC 7638 thumbprint of the public key, sent in every token header. */
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as published at `/.well-known/jwks.json`. */
  publicJwk: JWK;
}

/** Path of the persisted key inside a data directory. */
export function signingKeyPath(dataDir: string): string {
  return join(dataDir, "keys", "signing-key.pem");
}

function loadOrCreatePem(dataDir?: string): string {
  const generate = () =>
    generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "pem", type: "pkcs8" }).toString();
  if (!dataDir) return generate();
  keysDir(dataDir);
  const path = signingKeyPath(dataDir);
  if (existsSync(path)) {
    // A key others could read (or that someone else placed here) would let them forge tokens.
    checkPrivateKeyFile(path, "signing key");
    return readFileSync(path, "utf8");
  }
  const pem = generate();
  writePrivateFile(path, pem);
  return pem;
}

/** Loads the signing key from `dataDir`, creating it on first start. */
export async function loadSigningKey(dataDir?: string): Promise<SigningKey> {
  const privateKey = createPrivateKey(loadOrCreatePem(dataDir));
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, privateKey, publicKey, publicJwk: { ...jwk, kid, alg: SIGNING_ALGORITHM, use: "sig" } };
}
