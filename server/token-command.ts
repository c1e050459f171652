/**
 * `npm run tenant -- token [--data-dir DIR]`: a Management API access token of a running
 * tenant server's admin client, printed alone on stdout, so that a shell or a test can call
 * the API (`curl -H "authorization: Bearer $(npm run -s tenant -- token)" …`) without
 * writing the client-credentials request itself. It reads DIR/credentials.json and asks
 * the server's own token endpoint, as any client would.
 */
import { resolve } from "node:path";
import { parseArgs as parseNodeArgs } from "node:util";
import { AccessTokenRefused, AccessTokenUnreachable, requestAccessToken } from "../api/client-credentials";
import { CREDENTIALS_FILE, credentialsFileOf, readCredentialsFile, type AdminCredentials } from "./credentials-file";

/** What `npm run tenant -- token --help` prints. */
export const TOKEN_HELP = `Usage: npm run -s tenant -- token [--data-dir DIR]   (or: pulumi-tenant-server token …)

Prints a Management API access token of the admin client of the tenant server whose data is
in DIR (default: .tenant, npm run tenant's; the demo's is .pulumi-demo/tenant), asked of that
server's /oauth/token with the client id and secret of DIR/${CREDENTIALS_FILE}. The server must be
running. The token is valid for 24 hours and has every scope. For example:

  TOKEN=$(npm run -s tenant -- token)
  curl -s -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/api/v2/forms

A server started with --tls needs NODE_EXTRA_CA_CERTS=DIR/tls/ca.pem here too.`;

/** Reads the credentials file of `dataDir`; throws a message that says what to do. */
export function readServerCredentials(dataDir: string): AdminCredentials {
  const credentials = readCredentialsFile(resolve(dataDir));
  if (!credentials) {
    throw new Error(
      `${credentialsFileOf(resolve(dataDir))} does not exist: start the tenant server first (npm run tenant), ` +
        "or pass the --data-dir of the one you mean (the demo's: --data-dir .pulumi-demo/tenant).",
    );
  }
  return credentials;
}

/** Asks the server's token endpoint for an access token of the admin client; a failure says what to do. */
export async function requestToken(credentials: AdminCredentials): Promise<string> {
  try {
    return await requestAccessToken(credentials);
  } catch (error) {
    if (error instanceof AccessTokenUnreachable) {
      throw new Error(
        `no tenant server answers at ${credentials.tokenUrl} (${error.reason}): start it (npm run tenant; the demo's: npm run demo).`,
        { cause: error },
      );
    }
    if (error instanceof AccessTokenRefused) {
      throw new Error(
        `${error.message}: the credentials file belongs to another server's data; pass the --data-dir the running server uses.`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Runs `token` with its arguments (after the word `token`); prints the token or the help. */
export async function tokenCommand(argv: string[]): Promise<void> {
  let values: { "data-dir"?: string; help?: boolean };
  try {
    ({ values } = parseNodeArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: { "data-dir": { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    throw new Error(`${(error as Error).message}. See \`npm run tenant -- token --help\`.`, { cause: error });
  }
  if (values.help) {
    process.stdout.write(`${TOKEN_HELP}\n`);
    return;
  }
  const token = await requestToken(readServerCredentials(values["data-dir"] ?? ".tenant"));
  process.stdout.write(`${token}\n`);
}
