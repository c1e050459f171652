/**
 * The help of `pulumi-tenant generate`, written from the table of kinds as it is when asked
 * (what it reads, the scopes it needs), so a kind added to the table is in the help at once.
 */
import { kindNames, kindSpec, type KindSpec } from "../../../api";
import { wrapWords } from "../../../api/words";
import { IMPORT_FILE } from "./plugin-program";
import { SECRETS_DIR } from "./secret-setup";

/** The kinds, in the table's order, then the declared ones. */
const tableSpecs = (): KindSpec[] => kindNames().map((kind) => kindSpec(kind)!);

/** `text` wrapped as the rest of the help, at 86 columns. */
const wrapped = (text: string): string => wrapWords(text, 86);

/** What `generate` reads, from the table: every object of each collection, each singleton. */
function objectsRead(): string {
  const words = tableSpecs().map((spec) =>
    spec.shape !== "singleton"
      ? `every ${spec.label}`
      : spec.singletonKey
        ? `the ${spec.label} of each ${spec.singletonKey.field.replace(/_id$/, "").replace(/_/g, " ")} that has a list (${spec.singletonKey.values.join(", ")})`
        : `the ${spec.label}`,
  );
  return [words.slice(0, -1).join(", "), ...words.slice(-1)].filter(Boolean).join(" and ");
}

/** The help's scope paragraph, from the table: each kind's read scope, an Early Access kind's with a global client. */
function scopesNeeded(): string {
  const specs = tableSpecs();
  const read = (spec: KindSpec) => spec.scopes.list ?? spec.scopes.get;
  // Each scope once: kinds behind one API share it (actions and their trigger bindings: read:actions).
  const plain = [...new Set(specs.filter((spec) => !spec.earlyAccess).map(read))];
  const early = specs.filter((spec) => spec.earlyAccess);
  const earlyWords = early.map((spec) => spec.plural).join(" and ");
  const words = [
    "Scopes the client needs:",
    ...plain.map((scope) => `${scope},`),
    ...(early.length > 0
      ? ["and", ...new Set(early.map(read)), `with a global client for the ${earlyWords}. Without that scope,`]
      : []),
  ];
  if (early.length > 0)
    words.push(`a global client or the Early Access feature, the ${earlyWords} are skipped with a note.`);
  return wrapped(words.join(" "));
}

/** The help of `generate`, from the table of kinds as it is now (kinds declared with `defineKind` too). */
export const generateHelp = (): string => `Usage: pulumi-tenant generate --out DIR [options]

${wrapped(`Reads ${objectsRead()} of a tenant and writes a ready Pulumi project to DIR, one resource per object:`)}

- by default a TypeScript program over the dynamic providers (package \`pulumi-tenant\`):
  Pulumi.yaml, package.json, tsconfig.json, index.ts, adopt.json (the tenant's ids, by
  resource), login.html, README.md, .gitignore. On this tenant the first \`pulumi up\` adopts
  every object and writes nothing while the tenant matches; a stack on any other tenant
  creates its own objects from the same code (tenant.adoption answers the ids by tenant).
- with --language python|go|yaml (or --plugin for TypeScript) a program over the resource
  plugin \`tenant\` and its SDK (__main__.py and requirements.txt, main.go and go.mod, or
  index.ts and package.json), with ${IMPORT_FILE}: \`pulumi import --file ${IMPORT_FILE}\`
  adopts every object by id without a write, then \`pulumi preview\` shows no change.

Only GET requests are sent: nothing in the tenant changes. Lists are read page by page
(one GET per form besides, since the forms list holds summaries), 429 answers are waited
out as Retry-After says, and progress goes to stderr.

Options:
  --out DIR            the folder to write (created; must be empty unless --force)
  --domain DOMAIN      the tenant's domain or origin        (default: $AUTH0_DOMAIN)
  --client-id ID       a machine-to-machine client's id     (default: $AUTH0_CLIENT_ID)
  --client-secret S    its secret                           (default: $AUTH0_CLIENT_SECRET)
  --api-token TOKEN    a Management API token instead       (default: $AUTH0_API_TOKEN)
  --audience URL       the token audience                   (default: $AUTH0_AUDIENCE, else <origin>/api/v2/)
  --language LANG      typescript (default), python, go or yaml; python, go and yaml are plugin programs
  --plugin             a TypeScript program over the resource plugin and @pulumi-tenant/sdk
  --import-file FILE   also write the \`pulumi import --file\` file to FILE (implies --plugin;
                       plugin programs always get DIR/${IMPORT_FILE})
  --tenant NS          the dynamic providers' configuration namespace in the program (default:
                       tenant); plugin programs choose a tenant with a tenant.Provider instead
  --project NAME       the Pulumi project name (default: the folder's name)
  --refresh-always     write \`options: refresh: always\` into Pulumi.yaml: every preview and up
                       reads the tenant first (a list page per 100 objects), so a plain \`pulumi up\`
                       undoes drift (without it: \`pulumi up --refresh\`)
  --force              write into a folder that is not empty (overwrites the generated files)
  --quiet              no progress lines
  -h, --help           this text

${scopesNeeded()}

Secrets: write-only ones (webhook secrets: password, token, header value; any field the
API never answers, a whole object too) become configuration placeholders; form component
secrets (reCAPTCHA secret key, Google Maps API key, payment private key, verifiable
credentials access token) are read from the tenant into DIR/${SECRETS_DIR}/ (mode 0600,
git-ignored). The program reads all of them from the stack configuration, and the
\`pulumi config set --secret\` lines to run are printed at the end.

References: a field holding another object's id is written as that resource's id
(\`flow.id\`), never as the tenant's literal id; an id naming an object the tenant lacks
is kept, with a note in the README.

Exit codes: 0 the program was written, 1 error (message on stderr).`;
