/**
 * The local tenant's credentials file, `<data dir>/credentials.json`: how to reach a running
 * server as its admin client. The server writes it (index.ts); its `token` command
 * (token-command.ts), the demo's scripts (scripts/lib/tenant-process.ts) and the bench read it,
 * all through this one shape and reader.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { ClientCredentialsGrant } from "../api/client-credentials";

/** The file's name in the data directory. */
export const CREDENTIALS_FILE = "credentials.json";

/** How to reach the server as the admin client (what `<dataDir>/credentials.json` holds). */
export interface AdminCredentials extends ClientCredentialsGrant {
  /** e.g. `http://127.0.0.1:4010`. */
  domain: string;
  /** e.g. `http://127.0.0.1:4010/api/v2`. */
  baseUrl: string;
  /** e.g. `http://127.0.0.1:4010/oauth/token`. */
  tokenUrl: string;
  /** e.g. `http://127.0.0.1:4010/api/v2/`. */
  audience: string;
  clientId: string;
  clientSecret: string;
}

const KEYS = ["domain", "baseUrl", "tokenUrl", "audience", "clientId", "clientSecret"] as const;

/** The credentials file of `dataDir`. */
export const credentialsFileOf = (dataDir: string): string => join(dataDir, CREDENTIALS_FILE);

/**
 * The credentials in `dataDir`'s file: undefined when there is none (no server started there
 * yet); an error naming the file and what to do when it is not the server's (unreadable JSON,
 * a key missing).
 */
export function readCredentialsFile(dataDir: string): AdminCredentials | undefined {
  const file = credentialsFileOf(dataDir);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let read: Partial<Record<(typeof KEYS)[number], unknown>>;
  try {
    read = JSON.parse(text) as typeof read;
  } catch {
    throw new Error(`${file} is not JSON: restart the tenant server to rewrite it.`);
  }
  for (const key of KEYS) {
    if (typeof read?.[key] !== "string")
      throw new Error(`${file} lacks ${key}: restart the tenant server to rewrite it.`);
  }
  return read as AdminCredentials;
}
