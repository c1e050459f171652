/**
 * A tenant snapshot → the files of a ready Pulumi TypeScript project over the dynamic
 * providers of `pulumi-tenant` (pure; what `generate` writes by default): one resource per
 * object, each adopting its object on the tenant it was read from (`adoptId:
 * adopt.id("<name>")`, `adopt: adopt.singleton` for the template; the ids in `adopt.json`,
 * never in the code), with the server's values verbatim except the fields the server makes,
 * and every secret read from the stack configuration (`cfg.requireSecret`).
 */
import { ADOPTION_FILE } from "../../adoption";
import { DEFAULT_NAMESPACE, originOf } from "../../client/settings";
import { Code, printLiteral } from "../../printers/literal";
import {
  ADOPT_VARIABLE,
  adoptionFile,
  adoptionLines,
  anotherTenantSection,
  OTHER_TENANT_DOMAIN,
} from "./adoption-file";
import { adoptsByFlag, describeContents, type GeneratedResource, modelOf, type SecretConfig } from "./model";
import {
  type ConnectionAuth,
  filesOf,
  type GeneratedProgram,
  interpolates,
  notesLines,
  pulumiYaml,
  replaceRefs,
  sectionLine,
  setupSteps,
} from "./program-parts";
import { providerSourceLines } from "./provider-source";
import { SECRETS_DIR, secretNotes } from "./secret-setup";
import type { TenantSnapshot } from "./snapshot";
import { packageJson, TSCONFIG, typescriptOptions, typescriptRef } from "./typescript-parts";

type JsonObject = Record<string, unknown>;

/** Options of {@link buildProgram}. */
export interface ProgramOptions {
  /** The Pulumi project name. */
  projectName: string;
  /** The provider's configuration namespace (default `tenant`): emitted as `tenant` when not the default. */
  namespace?: string;
  /** The spec of `pulumi-tenant` in package.json: a version range, or `file:<tarball>` beside the program. */
  providerVersion: string;
  /** The tarball of `pulumi-tenant` packed beside the program (when not installed from a registry): the README says so. */
  providerTarball?: string;
  /** Version of `@pulumi/pulumi` for package.json. */
  pulumiVersion: string;
  /** When the snapshot was taken (the header's date); default now. */
  generatedAt?: Date;
  /** How the generator authenticated, for the configuration lines: a client id, or a token. */
  auth?: ConnectionAuth;
  /**
   * Write `options: refresh: always` into Pulumi.yaml: every preview, up and destroy reads
   * the tenant first (each kind's list, a page per 100 objects), so a plain `pulumi up` undoes drift.
   */
  refreshAlways?: boolean;
}

/** Builds the project for `snapshot`. */
export function buildProgram(snapshot: TenantSnapshot, options: ProgramOptions): GeneratedProgram {
  const {
    resources,
    secrets,
    files: programFiles,
    notes,
  } = modelOf(snapshot, ["pulumi", "tenant", "fs", "path", "cfg", ADOPT_VARIABLE]);
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const tenantArg: JsonObject = namespace === DEFAULT_NAMESPACE ? {} : { tenant: namespace };
  const blocks: string[] = [];
  resources.forEach((resource, index) => {
    const section = sectionLine(resource.kind, resources[index - 1], "//");
    // Every resource adopts its object on the source tenant only: its id is read from adopt.json
    // (a singleton, the tenant's one template, by flag), so the code holds no id of any tenant.
    const byFlag = adoptsByFlag(resource.kind);
    const adoption = byFlag
      ? { adopt: new Code(`${ADOPT_VARIABLE}.singleton`) }
      : { adoptId: new Code(`${ADOPT_VARIABLE}.id(${JSON.stringify(resource.name)})`) };
    const args = { ...adoption, ...(replaceRefs({ ...resource.args, ...tenantArg }, typescriptRef) as JsonObject) };
    // The comment names the object without its id: the ids are adopt.json's, the code any tenant's.
    const described = resource.comment.replace(` (${resource.id})`, "");
    const comment = byFlag
      ? `${described.replace(/\.$/, "")}; \`adopt\` takes over the source tenant's existing one.`
      : described;
    const head = `const ${resource.name} = new tenant.${resource.kind}(${JSON.stringify(resource.name)}, `;
    blocks.push(
      ...section,
      `/** ${comment} */\n${head}${printLiteral(args, 0, {}, head.length)}${typescriptOptions(resource)});`,
    );
  });

  const files: Record<string, string> = {
    "Pulumi.yaml": pulumiYaml(options.projectName, snapshot.domain, options.refreshAlways ?? false),
    "package.json": packageJson(
      options.projectName,
      "A Pulumi program of pulumi-tenant, generated from a live tenant by `pulumi-tenant generate`.",
      { "@pulumi/pulumi": options.pulumiVersion, "pulumi-tenant": options.providerVersion },
    ),
    "tsconfig.json": TSCONFIG,
    "index.ts": indexTs(
      snapshot,
      options,
      blocks,
      secrets.length > 0,
      programFiles.length > 0,
      interpolates(resources),
    ),
    [ADOPTION_FILE]: adoptionFile(snapshot, resources),
    ".gitignore": `node_modules/\nbin/\n${SECRETS_DIR}/\n`,
  };
  Object.assign(files, filesOf(programFiles));
  files["README.md"] = readme(snapshot, options, resources, secrets, notes);
  return { files, secrets, resources };
}

function indexTs(
  snapshot: TenantSnapshot,
  options: ProgramOptions,
  blocks: string[],
  usesConfig: boolean,
  readsFiles: boolean,
  interpolating: boolean,
): string {
  const date = (options.generatedAt ?? new Date()).toISOString();
  const header = [
    `// Generated by \`pulumi-tenant generate\` from ${snapshot.domain} on ${date}:`,
    `// ${describeContents(snapshot)}.`,
    `// On ${originOf(snapshot.domain)} every resource adopts its existing object (ids in ${ADOPTION_FILE}):`,
    "// the first `pulumi up` takes them over and writes nothing while the tenant matches this code.",
    "// A stack on any other tenant creates its own objects from the same code. Edit freely from there.",
  ];
  const imports = [
    ...(readsFiles ? ['import * as fs from "fs";', 'import * as path from "path";'] : []),
    ...(usesConfig || interpolating ? ['import * as pulumi from "@pulumi/pulumi";'] : []),
    'import * as tenant from "pulumi-tenant";',
  ];
  const adopt = ["", ...adoptionLines(snapshot.domain, options.namespace ?? DEFAULT_NAMESPACE)];
  const preamble = usesConfig
    ? [
        "",
        "// Secrets are stack configuration: see README.md for the `pulumi config set --secret` lines.",
        "const cfg = new pulumi.Config();",
      ]
    : [];
  return `${[...header, "", ...imports, ...adopt, ...preamble].join("\n")}\n\n${blocks.join("\n\n")}\n`;
}

/** The steps of a dynamic-provider program: its first `pulumi up` adopts every object. */
export function dynamicSteps(
  domain: string,
  namespace: string,
  auth: ConnectionAuth | undefined,
  secrets: SecretConfig[],
): string[] {
  return setupSteps(
    domain,
    namespace,
    auth,
    secrets,
    ["npm install"],
    [
      "pulumi preview     # plans only adoptions",
      "pulumi up          # adopts every object; writes nothing while the tenant matches the code",
    ],
  );
}

/** The README's lines on drift: how to see it, and the command that undoes it. */
function driftSection(refreshAlways: boolean): string[] {
  const undo = refreshAlways
    ? [
        "`Pulumi.yaml` sets `options: refresh: always`, so every `pulumi preview`, `pulumi up` and `pulumi destroy`",
        "reads the tenant first (each kind's list, a page per 100 objects, each time): a plain `pulumi up` puts the",
        "code's values back. Remove those two lines to make previews and ups work from the state alone.",
      ]
    : [
        "To put the code's values back, run `pulumi up --refresh` (or `pulumi refresh`, then `pulumi up`). A plain",
        "`pulumi up` compares the code with the stack's state, not with the tenant, so it would change nothing.",
        "To make refreshing the default, add `options: refresh: always` to `Pulumi.yaml` (each kind's list, a page",
        "per 100 objects, per preview and up), or generate with `--refresh-always`.",
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
  modelNotes: string[],
): string {
  const namespace = options.namespace ?? DEFAULT_NAMESPACE;
  const steps = dynamicSteps(snapshot.domain, namespace, options.auth, secrets);
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
    ...providerSourceLines(options.providerTarball ? { spec: "", tarball: options.providerTarball } : undefined),
    "",
    "The `AUTH0_DOMAIN`, `AUTH0_CLIENT_ID`, `AUTH0_CLIENT_SECRET` (or `AUTH0_API_TOKEN`) variables may be used",
    `instead of the \`${namespace}:\` configuration keys.`,
    ...secretNotes(secrets, [
      "The provider cannot compare them either: adoption does not send a secret when nothing else differs, and the",
      "next change to the destination sends the configured one.",
    ]),
    "",
    ...anotherTenantSection(
      snapshot.domain,
      namespace,
      // The other tenant's secrets are its own: each is prompted for (the values read here are not reused).
      setupSteps(
        OTHER_TENANT_DOMAIN,
        namespace,
        // That tenant's own client: the source tenant's id would be refused there.
        options.auth?.clientId ? { promptClientId: true } : options.auth,
        secrets.map((secret) => ({ ...secret, value: undefined })),
        [],
        ["pulumi up          # creates every object in that tenant"],
      ).map((line) => line.replace(/^pulumi stack init dev$/, "pulumi stack init prod")),
    ),
    "",
    ...driftSection(options.refreshAlways ?? false),
    ...notesLines([...snapshot.notes, ...modelNotes]),
    "",
    "| Resource | Type | Id | Name in the tenant |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
