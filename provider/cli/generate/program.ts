/**
 * A tenant snapshot → the files of a ready Pulumi TypeScript project (pure): one
 * resource per object, each adopting its object (`adoptId`, `adopt: true` for the
 * template), with the server's values verbatim except the fields the server makes, and
 * every secret read from the stack configuration (`cfg.requireSecret`).
 */
import { DEFAULT_NAMESPACE } from "../../client/settings";
import { formSecrets, WEBHOOK_SECRET_FIELD } from "../../lookups/secrets";
import { Code, printLiteral } from "./literal";
import { NameAllocator } from "./names";
import type { TenantSnapshot } from "./snapshot";

/** Fields the server makes, never part of a resource's arguments. */
export const SERVER_FIELDS = {
  form: ["id", "created_at", "updated_at", "embedded_at", "submitted_at"],
  eventStream: ["id", "created_at", "updated_at"],
  rateLimitPolicy: ["id", "created_at", "updated_at"],
} as const;

/** Server-made fields inside an event stream's destination configuration. */
const DESTINATION_SERVER_FIELDS = ["aws_partner_event_source"];

/** The file the template is written to, next to index.ts. */
export const TEMPLATE_FILE = "login.html";
/** The folder of secret values read from the tenant (git-ignored; delete it once the config is set). */
export const SECRETS_DIR = ".tenant-secrets";
/** The default configuration namespace of the provider (declared once, with the settings). */
export { DEFAULT_NAMESPACE };

/** A secret the program reads from the stack configuration. */
export interface SecretConfig {
  /** The configuration key (in the project's namespace): `auditWebhookPassword`. */
  name: string;
  /** What it is, for the user: `the basic auth password of event stream "audit" (est_…)`. */
  description: string;
  /** The value, when the API returned it (form component secrets); webhook secrets are write-only. */
  value?: string;
}

/** One generated resource. */
export interface GeneratedResource {
  kind: "Form" | "EventStream" | "LoginTemplate" | "RateLimitPolicy";
  /** The variable and Pulumi resource name. */
  name: string;
  /** The object's id in the tenant (`universal-login` for the template). */
  id: string;
  /** Its name in the tenant, when it has one. */
  label?: string;
}

/** Options of {@link buildProgram}. */
export interface ProgramOptions {
  /** The Pulumi project name. */
  projectName: string;
  /** The provider's configuration namespace (default `tenant`): emitted as `tenant` when not the default. */
  namespace?: string;
  /** Version range of `pulumi-tenant` for package.json. */
  providerVersion: string;
  /** Version of `@pulumi/pulumi` for package.json. */
  pulumiVersion: string;
  /** When the snapshot was taken (the header's date); default now. */
  generatedAt?: Date;
  /** How the generator authenticated, for the configuration lines: a client id, or a token. */
  auth?: ConnectionAuth;
  /**
   * Write `options: refresh: always` into Pulumi.yaml: every preview, up and destroy reads
   * each object from the tenant first (one GET per resource), so a plain `pulumi up` undoes drift.
   */
  refreshAlways?: boolean;
}

/** How a program authenticates: client credentials (the id is not secret) or a token. */
export interface ConnectionAuth {
  clientId?: string;
}

/** The generated project. */
export interface GeneratedProgram {
  /** File name → content: Pulumi.yaml, package.json, tsconfig.json, index.ts, login.html, README.md, .gitignore. */
  files: Record<string, string>;
  /** Secrets the program reads, in the order they appear. */
  secrets: SecretConfig[];
  resources: GeneratedResource[];
}

type JsonObject = Record<string, unknown>;

const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function without(value: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) if (!fields.includes(key)) out[key] = item;
  return out;
}

function setPath(target: unknown, path: (string | number)[], value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]] = value;
}

const secretRead = (name: string) => new Code(`cfg.requireSecret(${JSON.stringify(name)})`);

/** Builds the project for `snapshot`. */
export function buildProgram(snapshot: TenantSnapshot, options: ProgramOptions): GeneratedProgram {
  const names = new NameAllocator();
  names.reserve("pulumi", "tenant", "fs", "path", "cfg");
  const configNames = new NameAllocator();
  const secrets: SecretConfig[] = [];
  const resources: GeneratedResource[] = [];
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const tenantArg: JsonObject = namespace === DEFAULT_NAMESPACE ? {} : { tenant: namespace };
  const blocks: string[] = [];

  const addSecret = (name: string, description: string, value?: string): Code => {
    const key = configNames.allocate(name, "secret");
    secrets.push({ name: key, description, ...(value !== undefined ? { value } : {}) });
    return secretRead(key);
  };
  const declare = (resource: GeneratedResource, comment: string, args: JsonObject): void => {
    resources.push(resource);
    const head = `const ${resource.name} = new tenant.${resource.kind}(${JSON.stringify(resource.name)}, `;
    blocks.push(`/** ${comment} */\n${head}${printLiteral(args, 0, {}, head.length)});`);
  };

  if (snapshot.forms.length > 0)
    blocks.push("// ---------------------------------------------------------------- forms");
  for (const form of snapshot.forms) {
    const name = names.allocate(form.name, "form", "Form");
    const fields = clone(without(form as unknown as JsonObject, SERVER_FIELDS.form));
    for (const secret of formSecrets(form)) {
      const description = `${secret.componentType} ${secret.field} of component ${secret.componentId} in form "${form.name}" (${form.id})`;
      setPath(
        fields,
        secret.path,
        addSecret(`${name} ${secret.componentId} ${secret.field}`, description, secret.value),
      );
    }
    declare({ kind: "Form", name, id: form.id, label: form.name }, `Form "${commentSafe(form.name)}" (${form.id}).`, {
      adoptId: form.id,
      ...fields,
      ...tenantArg,
    });
  }

  if (snapshot.eventStreams.length > 0)
    blocks.push("// ---------------------------------------------------------------- event streams");
  for (const stream of snapshot.eventStreams) {
    const name = names.allocate(stream.name, "eventStream", "Stream");
    const fields = clone(without(stream as unknown as JsonObject, SERVER_FIELDS.eventStream));
    const destination = fields.destination as JsonObject | undefined;
    const configuration = destination?.configuration as JsonObject | undefined;
    if (configuration) for (const field of DESTINATION_SERVER_FIELDS) delete configuration[field];
    const authorization = configuration?.webhook_authorization as JsonObject | undefined;
    const secretField = authorization
      ? WEBHOOK_SECRET_FIELD[authorization.method as keyof typeof WEBHOOK_SECRET_FIELD]
      : undefined;
    if (authorization && secretField) {
      const what = {
        basic: "basic auth password",
        bearer: "bearer token",
        custom_header: `value of the header ${String(authorization.header_key)}`,
      }[authorization.method as keyof typeof WEBHOOK_SECRET_FIELD];
      authorization[secretField] = addSecret(
        `${name} webhook ${secretField}`,
        `the ${what} of the webhook of event stream "${stream.name}" (${stream.id}); the API never returns it`,
      );
    }
    declare(
      { kind: "EventStream", name, id: stream.id, label: stream.name },
      `Event stream "${commentSafe(stream.name)}" (${stream.id}), ${destination?.type ?? "unknown"} destination.`,
      { adoptId: stream.id, ...fields, ...tenantArg },
    );
  }

  if (snapshot.loginTemplate !== undefined) {
    blocks.push("// ---------------------------------------------------------------- login page template");
    const name = names.allocate("login template", "loginTemplate");
    declare(
      { kind: "LoginTemplate", name, id: "universal-login" },
      `The hosted login page template (in ${TEMPLATE_FILE}); \`adopt: true\` takes over the tenant's existing one.`,
      {
        adopt: true,
        template: new Code(`fs.readFileSync(path.join(__dirname, ${JSON.stringify(TEMPLATE_FILE)}), "utf8")`),
        ...tenantArg,
      },
    );
  }

  if (snapshot.rateLimitPolicies.length > 0)
    blocks.push("// ---------------------------------------------------------------- rate limit policies");
  for (const policy of snapshot.rateLimitPolicies) {
    const name = names.allocate(`${selectorWords(policy.consumer_selector)} rate limit`, "rateLimit", "Policy");
    const fields = without(policy as unknown as JsonObject, SERVER_FIELDS.rateLimitPolicy);
    declare(
      { kind: "RateLimitPolicy", name, id: policy.id, label: policy.consumer_selector },
      `Rate limit policy of consumer_selector "${commentSafe(policy.consumer_selector)}" (${policy.id}).`,
      { adoptId: policy.id, ...fields, ...tenantArg },
    );
  }

  const files: Record<string, string> = {
    "Pulumi.yaml": pulumiYaml(options.projectName, snapshot.domain, options.refreshAlways ?? false),
    "package.json": packageJson(options),
    "tsconfig.json": TSCONFIG,
    "index.ts": indexTs(snapshot, options, blocks, secrets.length > 0),
    ".gitignore": `node_modules/\nbin/\n${SECRETS_DIR}/\n`,
  };
  if (snapshot.loginTemplate !== undefined) files[TEMPLATE_FILE] = snapshot.loginTemplate;
  files["README.md"] = readme(snapshot, options, resources, secrets);
  return { files, secrets, resources };
}

/**
 * Words for a consumer selector's identifier: `default`, `third_party_clients`; a client
 * id is cut to its first 8 characters (`client 1Ol4lXiA`), a CIMD client URI to its host.
 */
export function selectorWords(selector: string): string {
  const prefix = "client_id:";
  if (!selector.startsWith(prefix)) return selector;
  const client = selector.slice(prefix.length);
  try {
    if (/^https?:\/\//.test(client)) return `client ${new URL(client).hostname}`;
  } catch {
    // Not a URL after all: use the text.
  }
  return `client ${client.slice(0, 8)}`;
}

/** Text safe inside a `/** … *\/` comment on one line. */
function commentSafe(text: string | undefined): string {
  return (text ?? "").replace(/\*\//g, "*\\/").replace(/[\r\n]+/g, " ");
}

function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "3 forms, 2 event streams, the login page template and 1 rate limit policy". */
export function describeContents(
  snapshot: Pick<TenantSnapshot, "forms" | "eventStreams" | "loginTemplate" | "rateLimitPolicies">,
): string {
  const parts = [
    countOf(snapshot.forms.length, "form", "forms"),
    countOf(snapshot.eventStreams.length, "event stream", "event streams"),
    snapshot.loginTemplate !== undefined ? "the login page template" : "no login page template",
    countOf(snapshot.rateLimitPolicies.length, "rate limit policy", "rate limit policies"),
  ];
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function indexTs(snapshot: TenantSnapshot, options: ProgramOptions, blocks: string[], usesConfig: boolean): string {
  const date = (options.generatedAt ?? new Date()).toISOString();
  const header = [
    `// Generated by \`pulumi-tenant generate\` from ${snapshot.domain} on ${date}:`,
    `// ${describeContents(snapshot)}.`,
    "// Every resource adopts its existing object (adoptId / adopt): the first `pulumi up` takes them",
    "// over and writes nothing to the tenant while it still matches this code. Edit freely from there.",
  ];
  const imports = [
    ...(snapshot.loginTemplate !== undefined ? ['import * as fs from "fs";', 'import * as path from "path";'] : []),
    ...(usesConfig ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as tenant from "pulumi-tenant";',
  ];
  const preamble = usesConfig
    ? [
        "",
        "// Secrets are stack configuration: see README.md for the `pulumi config set --secret` lines.",
        "const cfg = new pulumi.Config();",
      ]
    : [];
  return `${[...header, "", ...imports, ...preamble].join("\n")}\n\n${blocks.join("\n\n")}\n`;
}

/** The generated `Pulumi.yaml`; with `refreshAlways`, the project option `refresh: always`. */
export function pulumiYaml(projectName: string, domain: string, refreshAlways: boolean): string {
  return [
    `name: ${projectName}`,
    `description: ${JSON.stringify(`The tenant ${domain} in code (generated by pulumi-tenant generate)`)}`,
    "runtime:",
    "  name: nodejs",
    "  options:",
    "    typescript: true",
    ...(refreshAlways
      ? [
          "# Every preview, up and destroy reads each object from the tenant first (one GET per resource),",
          "# so a change made by hand shows in the preview and `pulumi up` puts the code's value back.",
          "options:",
          "  refresh: always",
        ]
      : []),
    "",
  ].join("\n");
}

function packageJson(options: ProgramOptions): string {
  return `${JSON.stringify(
    {
      name:
        options.projectName
          .toLowerCase()
          .replace(/[^a-z0-9._-]+/g, "-")
          .replace(/^[._-]+/, "") || "tenant",
      private: true,
      description: "A Pulumi program of pulumi-tenant, generated from a live tenant by `pulumi-tenant generate`.",
      main: "index.ts",
      dependencies: { "@pulumi/pulumi": options.pulumiVersion, "pulumi-tenant": options.providerVersion },
      devDependencies: { "@types/node": "^20.19.0", typescript: "~5.9.3" },
    },
    null,
    2,
  )}\n`;
}

const TSCONFIG = `${JSON.stringify(
  {
    compilerOptions: {
      strict: true,
      outDir: "bin",
      target: "ES2022",
      module: "commonjs",
      moduleResolution: "node",
      sourceMap: true,
      esModuleInterop: true,
      skipLibCheck: true,
      forceConsistentCasingInFileNames: true,
    },
    files: ["index.ts"],
  },
  null,
  2,
)}\n`;

/** The `pulumi config set` lines for the connection, in a namespace. */
export function connectionLines(domain: string, namespace: string, auth: ConnectionAuth = {}): string[] {
  const lines = [`pulumi config set ${namespace}:domain ${shellWord(domain)}`];
  if (auth.clientId) {
    lines.push(`pulumi config set ${namespace}:clientId ${shellWord(auth.clientId)}`);
    lines.push(`pulumi config set --secret ${namespace}:clientSecret     # prompts for it`);
  } else {
    lines.push(`pulumi config set --secret ${namespace}:apiToken     # prompts for it`);
  }
  return lines;
}

/** The `pulumi config set --secret` line of each secret, relative to the project folder. */
export function secretLines(secrets: SecretConfig[]): string[] {
  return secrets.map((secret) =>
    secret.value !== undefined
      ? `pulumi config set --secret ${secret.name} < ${SECRETS_DIR}/${secret.name}`
      : `pulumi config set --secret ${secret.name}     # prompts: ${secret.description}`,
  );
}

/** A word the shell passes through unchanged. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, "'\\''")}'`;
}

/** The README's lines on drift: how to see it, and the command that undoes it. */
function driftSection(refreshAlways: boolean): string[] {
  const undo = refreshAlways
    ? [
        "`Pulumi.yaml` sets `options: refresh: always`, so every `pulumi preview`, `pulumi up` and `pulumi destroy`",
        "reads each object from the tenant first (one GET per resource, each time): a plain `pulumi up` puts the",
        "code's values back. Remove those two lines to make previews and ups work from the state alone.",
      ]
    : [
        "To put the code's values back, run `pulumi up --refresh` (or `pulumi refresh`, then `pulumi up`). A plain",
        "`pulumi up` compares the code with the stack's state, not with the tenant, so it would change nothing.",
        "To make refreshing the default, add `options: refresh: always` to `Pulumi.yaml` (one GET per resource per",
        "preview and up), or generate with `--refresh-always`.",
      ];
  return [
    "## Drift",
    "",
    "A change made by hand in the tenant is drift: `npx pulumi-tenant drift` reports each resource and field",
    "that no longer matches the code (exit 0: none, 2: drift).",
    ...undo,
  ];
}

function readme(
  snapshot: TenantSnapshot,
  options: ProgramOptions,
  resources: GeneratedResource[],
  secrets: SecretConfig[],
): string {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const known = secrets.filter((secret) => secret.value !== undefined);
  const steps = [
    "npm install",
    "pulumi stack init dev",
    ...connectionLines(snapshot.domain, namespace, options.auth),
    ...secretLines(secrets),
    ...(known.length > 0 ? [`rm -r ${SECRETS_DIR}`] : []),
    "pulumi preview     # plans only adoptions",
    "pulumi up          # adopts every object; writes nothing while the tenant matches the code",
  ];
  const rows = resources.map(
    (resource) =>
      `| \`${resource.name}\` | ${resource.kind} | \`${resource.id}\` | ${resource.label === undefined ? "" : JSON.stringify(resource.label).slice(1, -1).replace(/\|/g, "\\|")} |`,
  );
  return [
    `# ${options.projectName}`,
    "",
    `The tenant \`${snapshot.domain}\` in code: ${describeContents(snapshot)}, generated by`,
    "`pulumi-tenant generate`. Each resource adopts its existing object, so the first `pulumi up` writes",
    "nothing to the tenant while it still matches this code; from then on the code is the source of truth.",
    "",
    "```sh",
    ...steps,
    "```",
    "",
    "The `AUTH0_DOMAIN`, `AUTH0_CLIENT_ID`, `AUTH0_CLIENT_SECRET` (or `AUTH0_API_TOKEN`) variables may be used",
    `instead of the \`${namespace}:\` configuration keys.`,
    ...(secrets.some((secret) => secret.value === undefined)
      ? [
          "",
          "Webhook secrets are write-only: the API never returns them, so type in the ones in use. The provider cannot",
          "compare them either: adoption does not send a secret when nothing else differs, and the next change to the",
          "destination sends the configured one.",
        ]
      : []),
    ...(known.length > 0
      ? [
          "",
          `Form component secrets were read from the tenant into \`${SECRETS_DIR}/\` (git-ignored, readable by you only):`,
          "set them as above, then delete the folder.",
        ]
      : []),
    "",
    ...driftSection(options.refreshAlways ?? false),
    ...(snapshot.notes.length > 0 ? ["", "Notes:", "", ...snapshot.notes.map((note) => `- ${note}`)] : []),
    "",
    "| Resource | Type | Id | Name in the tenant |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
