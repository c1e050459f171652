/**
 * The `setup` of a flow vault connection: the credentials of each of the 21 apps of the
 * published API (`app_id`), in the shapes the official SDK's generated models give
 * (`CreateFlowsVaultConnection*`, `FlowsVaultConnectioSetup*`). An app may take several
 * kinds of credentials (an HTTP connection: a bearer token, basic auth, an API key or OAuth
 * client credentials), told apart by `type`.
 *
 * Where the published types make `type` optional (OAuth codes, BigQuery's service account)
 * or leave the object open (a JWT key, an OAuth code's extra fields), so does this.
 */
import {
  enumOf,
  literal,
  object,
  openObject,
  string,
  union,
  type Properties,
  type Schema,
  type Static,
} from "../../schema/builder";

/** A required credential: any non-empty string. */
const credential = (description: string) => string({ minLength: 1, description });

/** A setup of `type` with `fields` (`required` of them), closed unless `open`. */
function setup<
  const T extends string,
  const P extends Properties,
  const R extends keyof P & string = never,
  const O extends boolean = false,
  const TO extends boolean = false,
>(type: T, fields: P, required: readonly R[], options: { typeOptional?: TO; open?: O } = {}) {
  const properties = { type: literal(type, { description: "The kind of credentials." }), ...fields };
  type Properties = typeof properties;
  type Required = (TO extends true ? never : "type") | R;
  const requiredKeys = [...(options.typeOptional ? [] : (["type"] as const)), ...required] as readonly Required[];
  // Typed by `open` and `typeOptional` themselves: a closed setup's type is closed, and `type`
  // is optional in the type exactly where the schema leaves it out.
  return (
    options.open ? openObject(properties, { required: requiredKeys }) : object(properties, { required: requiredKeys })
  ) as O extends true
    ? ReturnType<typeof openObject<Properties, Required>>
    : ReturnType<typeof object<Properties, Required>>;
}

const apiKey = () => setup("API_KEY", { api_key: credential("The API key.") }, ["api_key"]);
const secretApiKey = () => setup("API_KEY", { secret_key: credential("The secret API key.") }, ["secret_key"]);
const token = () => setup("TOKEN", { token: credential("The access token.") }, ["token"]);
const webhook = () => setup("WEBHOOK", { url: credential("The webhook URL (it is the credential).") }, ["url"]);
/** An OAuth authorization code the service exchanges; its other fields are open. */
const oauthCode = () =>
  setup("OAUTH_CODE", { code: string({ description: "The authorization code." }) }, [], {
    typeOptional: true,
    open: true,
  });

/** Each app's setups: one shape, or several told apart by `type`. */
export const FLOW_VAULT_CONNECTION_SETUPS = {
  ACTIVECAMPAIGN: [
    setup("API_KEY", { api_key: credential("The API key."), base_url: credential("The account's API URL.") }, [
      "api_key",
      "base_url",
    ]),
  ],
  AIRTABLE: [apiKey()],
  AUTH0: [
    setup(
      "OAUTH_APP",
      {
        client_id: credential("The client id of a machine-to-machine application."),
        client_secret: credential("Its client secret."),
        domain: credential("The tenant's domain."),
        audience: string({ description: "The API to get tokens for." }),
      },
      ["client_id", "client_secret", "domain"],
    ),
  ],
  BIGQUERY: [
    setup(
      "OAUTH_JWT",
      {
        project_id: string({ description: "The Google Cloud project." }),
        private_key: string({ description: "The service account's private key." }),
        client_email: string({ description: "The service account's email." }),
      },
      [],
      { typeOptional: true },
    ),
  ],
  CLEARBIT: [secretApiKey()],
  DOCUSIGN: [oauthCode()],
  GOOGLE_SHEETS: [oauthCode()],
  HTTP: [
    setup("BEARER", { token: credential("The bearer token sent with each request.") }, ["token"]),
    setup(
      "BASIC_AUTH",
      { username: credential("The user name."), password: string({ description: "The password." }) },
      ["username"],
    ),
    setup(
      "API_KEY",
      {
        name: credential("The header or query parameter that carries the key."),
        value: credential("The key."),
        in: enumOf(["HEADER", "QUERY"], { description: "Where the key goes: a `HEADER` or the `QUERY`." }),
      },
      ["name", "value", "in"],
    ),
    setup(
      "OAUTH_CLIENT_CREDENTIALS",
      {
        client_id: credential("The client id."),
        client_secret: credential("The client secret."),
        token_endpoint: credential("Where tokens are fetched."),
        audience: string({ description: "The audience to request tokens for." }),
        resource: string({ description: "The resource indicator to request." }),
        scope: string({ description: "The scopes to request, space-separated." }),
      },
      ["client_id", "client_secret", "token_endpoint"],
    ),
  ],
  HUBSPOT: [apiKey(), oauthCode()],
  JWT: [
    setup(
      "JWT",
      {
        algorithm: enumOf(
          ["HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "ES256", "ES384", "ES512", "PS256", "PS384", "PS512"],
          { description: "The signing algorithm." },
        ),
      },
      ["algorithm"],
      { open: true },
    ),
  ],
  MAILCHIMP: [secretApiKey(), oauthCode()],
  MAILJET: [
    setup("API_KEY", { api_key: credential("The API key."), secret_key: credential("The secret key.") }, [
      "api_key",
      "secret_key",
    ]),
  ],
  PIPEDRIVE: [token(), oauthCode()],
  SALESFORCE: [oauthCode()],
  SENDGRID: [apiKey()],
  SLACK: [webhook(), oauthCode()],
  STRIPE: [
    setup("KEY_PAIR", { private_key: credential("The secret key."), public_key: credential("The publishable key.") }, [
      "private_key",
      "public_key",
    ]),
    oauthCode(),
  ],
  TELEGRAM: [token()],
  TWILIO: [
    setup("API_KEY", { account_id: credential("The account SID."), api_key: credential("The auth token.") }, [
      "account_id",
      "api_key",
    ]),
  ],
  WHATSAPP: [token()],
  ZAPIER: [webhook()],
} as const satisfies Readonly<Record<string, readonly Schema<unknown>[]>>;

/** An app a vault connection can hold credentials for. */
export type FlowVaultConnectionApp = keyof typeof FLOW_VAULT_CONNECTION_SETUPS;

/** A setup app `A` takes: one of its shapes, told apart by `type`. */
export type FlowVaultConnectionSetup<A extends FlowVaultConnectionApp = FlowVaultConnectionApp> = Static<
  (typeof FLOW_VAULT_CONNECTION_SETUPS)[A][number]
>;

/** The apps, in the published order. */
export const FLOW_VAULT_CONNECTION_APPS = Object.keys(FLOW_VAULT_CONNECTION_SETUPS) as FlowVaultConnectionApp[];

/** The write-only secret facts of every `setup`. */
const SETUP_FACTS = {
  secret: true,
  writeOnly: true,
  description:
    "The credentials, by `type` as the `app_id` takes them. Write-only: the API never answers them (`ready` and `fingerprint` say whether and which are set); stored as a Pulumi secret.",
} as const;

/** The `setup` of app `app`: its one shape, or any of its shapes. */
export function setupSchemaOf<A extends FlowVaultConnectionApp>(
  app: A,
): Schema<Static<(typeof FLOW_VAULT_CONNECTION_SETUPS)[A][number]>> {
  const shapes = FLOW_VAULT_CONNECTION_SETUPS[app] as readonly Schema<unknown>[];
  const schema = shapes.length === 1 ? { ...shapes[0], ...factKeywords() } : union(shapes, SETUP_FACTS);
  return schema as Schema<Static<(typeof FLOW_VAULT_CONNECTION_SETUPS)[A][number]>>;
}

/** The facts as schema keywords (a one-shape setup is that shape with the facts added). */
const factKeywords = () => {
  const { anyOf: _anyOf, ...keywords } = union([], SETUP_FACTS) as Record<string, unknown>;
  return keywords;
};

/** Any app's `setup` (what a PATCH takes; the server checks it against the connection's app). */
export const anySetupSchema = union(
  Object.values(FLOW_VAULT_CONNECTION_SETUPS).flat() as readonly Schema<unknown>[],
  SETUP_FACTS,
);

/** The name the TypeScript package gives app `app`'s setups (`HttpConnectionSetup`). */
export const setupTypeName = (app: string): string =>
  `${app
    .split("_")
    .map((word) => word[0] + word.slice(1).toLowerCase())
    .join("")}ConnectionSetup`;

/** Each app's setups as a type the TypeScript package exports (the table's `typeExports`). */
export const SETUP_TYPE_EXPORTS = [
  [setupSchemaOf("ACTIVECAMPAIGN"), "ActivecampaignConnectionSetup"],
  [setupSchemaOf("AIRTABLE"), "AirtableConnectionSetup"],
  [setupSchemaOf("AUTH0"), "Auth0ConnectionSetup"],
  [setupSchemaOf("BIGQUERY"), "BigqueryConnectionSetup"],
  [setupSchemaOf("CLEARBIT"), "ClearbitConnectionSetup"],
  [setupSchemaOf("DOCUSIGN"), "DocusignConnectionSetup"],
  [setupSchemaOf("GOOGLE_SHEETS"), "GoogleSheetsConnectionSetup"],
  [setupSchemaOf("HTTP"), "HttpConnectionSetup"],
  [setupSchemaOf("HUBSPOT"), "HubspotConnectionSetup"],
  [setupSchemaOf("JWT"), "JwtConnectionSetup"],
  [setupSchemaOf("MAILCHIMP"), "MailchimpConnectionSetup"],
  [setupSchemaOf("MAILJET"), "MailjetConnectionSetup"],
  [setupSchemaOf("PIPEDRIVE"), "PipedriveConnectionSetup"],
  [setupSchemaOf("SALESFORCE"), "SalesforceConnectionSetup"],
  [setupSchemaOf("SENDGRID"), "SendgridConnectionSetup"],
  [setupSchemaOf("SLACK"), "SlackConnectionSetup"],
  [setupSchemaOf("STRIPE"), "StripeConnectionSetup"],
  [setupSchemaOf("TELEGRAM"), "TelegramConnectionSetup"],
  [setupSchemaOf("TWILIO"), "TwilioConnectionSetup"],
  [setupSchemaOf("WHATSAPP"), "WhatsappConnectionSetup"],
  [setupSchemaOf("ZAPIER"), "ZapierConnectionSetup"],
] as const;
