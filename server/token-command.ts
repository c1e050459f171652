/**
 * `npm run tenant -- token [--data-dir DIR]`: a Management API access token of a running
 * tenant server's admin client, printed alone on stdout, so that a shell or a test can call
 * the API (`curl -H "authorization: Bearer $(npm run -s tenant -- token)" …`) without
 * writing the client-credentials request itself. It reads DIR/credentials.json and asks
 * the server's own token endpoint, as any client would.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs as parseNodeArgs } from "node:util";
import { CREDENTIALS_FILE } from "./index";

/** What `npm run tenant -- token --help` prints. */
export const TOKEN_HELP = `Usage: npm run -s tenant -- token [--data-dir DIR]   (or: pulumi-tenant-server token …)

Prints a Management API access token of the admin client of the tenant server whose data is
in DIR (default: .tenant, npm run tenant's; the demo's is .pulumi-demo/tenant), asked of that
server's /oauth/token with the client id and secret of DIR/${CREDENTIALS_FILE}. The server must be
running. The token is valid for 24 hours and has every scope. For example:

  TOKEN=$(npm run -s tenant -- token)
  curl -s -H "authorization: Bearer $TOKEN" http://127.0.0.1:4010/api/v2/forms

A server started with --tls needs NODE_EXTRA_CA_CERTS=DIR/tls/ca.pem here too.`;

/** The settings `token` reads from DIR/credentials.json. */
interface Credentials {
  tokenUrl: string;
  audience: string;
  clientId: string;
  clientSecret: string;
}

/** Reads the credentials file of `dataDir`; throws a message that says what to do. */
export function readServerCredentials(dataDir: string): Credentials {
  const file = join(resolve(dataDir), CREDENTIALS_FILE);
  if (!existsSync(file)) {
    throw new Error(
      `${file} does not exist: start the tenant server first (npm run tenant), ` +
        "or pass the --data-dir of the one you mean (the demo's: --data-dir .pulumi-demo/tenant).",
    );
  }
  const read = JSON.parse(readFileSync(file, "utf8")) as Partial<Credentials>;
  for (const key of ["tokenUrl", "audience", "clientId", "clientSecret"] as const) {
    if (typeof read[key] !== "string")
      throw new Error(`${file} lacks ${key}: restart the tenant server to rewrite it.`);
  }
  return read as Credentials;
}

/** Asks the server's token endpoint for an access token of the admin client. */
export async function requestToken(credentials: Credentials): Promise<string> {
  let reply: Response;
  try {
    reply = await fetch(credentials.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "client_credentials",
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        audience: credentials.audience,
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new Error(
      `no tenant server answers at ${credentials.tokenUrl} (${cause}): start it (npm run tenant; the demo's: npm run demo).`,
      { cause: error },
    );
  }
  const body = (await reply.json().catch(() => ({}))) as { access_token?: string; error_description?: string };
  if (!reply.ok || typeof body.access_token !== "string") {
    throw new Error(
      `${credentials.tokenUrl} answered ${reply.status}${body.error_description ? ` (${body.error_description})` : ""}: ` +
        "the credentials file belongs to another server's data; pass the --data-dir the running server uses.",
    );
  }
  return body.access_token;
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
