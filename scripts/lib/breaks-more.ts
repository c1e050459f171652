/**
 * Deliberate breaks of the map's rows that the breaks of scripts/check-breaks.ts leave out:
 * what a user reads after a refresh, form and plugin secrets, explicit providers, the
 * plugin's schema and imports, trigger bindings, the two doors' parity, the PostgreSQL
 * backend, sibling backends, `refresh: always`, another namespace's words, the drift
 * command, the review comment and the policy pack's stop before a write. Each is one exact
 * text of one source file and its replacement; check-breaks.ts applies them, one at a time.
 */
import type { Break } from "./break-types";

const PLUGIN_LIFECYCLE = "test/e2e/plugin-lifecycle.test.ts";
const LANGUAGES_NODEJS = "test/e2e/languages-nodejs.test.ts";
const GITOPS = "test/e2e/gitops.test.ts";
const DRIFT = "test/e2e/drift.test.ts";
/** The up every `languages-*` test after it reads (the scenario's first test). */
const LANGUAGE_UP =
  "up makes every kind on the default tenant and a form on each of two explicit providers' tenants; every lookup answers";

/** The breaks of the rows check-breaks.ts's own list does not break. */
export const MORE_BREAKS: Break[] = [
  {
    id: "server-default",
    behaviour: "an update preview after a refresh names only the changed field; no server default reads as drift",
    what: "a form's stored outputs keep the `ending` the server defaults, which the program never set",
    file: "api/kinds/form/provider.ts",
    search: "    same(outputs.ending, DEFAULT_FORM_ENDING)\n  ) {",
    replace: "    same(outputs.ending, DEFAULT_FORM_ENDING) &&\n    Date.now() < 0\n  ) {",
    rebuild: "provider",
    testFile: "test/e2e/user-view.test.ts",
    test: "after a refresh, an update's preview names only the field that changes, old => new",
  },
  // This break does not fail its test (bench/breaks.md): the test's form also holds secrets from secret
  // config in the same `nodes`, so the engine stores the whole `nodes` secret whatever the marking does.
  {
    id: "form-secrets-all",
    behaviour: "form component secrets absent from export, state, output and server log; refresh keeps them secret",
    what: "no form component secret is marked secret (neither in the program's Form class nor in the provider's outputs)",
    file: "api/kinds/form/secrets.ts",
    search:
      "export const FORM_SECRET_PATHS: readonly SecretPath[] = Object.entries(FORM_COMPONENT_SECRET_FIELDS).flatMap(",
    replace:
      "export const FORM_SECRET_PATHS: readonly SecretPath[] = Object.entries(FORM_COMPONENT_SECRET_FIELDS)\n" +
      "  .filter(() => Date.now() < 0)\n" +
      "  .flatMap(",
    rebuild: "provider",
    testFile: "test/e2e/fidelity.test.ts",
    test: "a form's component secrets are in neither stack export, state files, engine output nor the server log",
    variants: {
      before: {
        file: "api/kinds/form/contract.ts",
        search:
          "\nconst FORM_SECRET_PATHS: readonly SecretPath[] = Object.entries(FORM_COMPONENT_SECRET_FIELDS).flatMap(",
        replace:
          "\nconst FORM_SECRET_PATHS: readonly SecretPath[] = Object.entries(FORM_COMPONENT_SECRET_FIELDS)\n" +
          "  .filter(() => Date.now() < 0)\n" +
          "  .flatMap(",
      },
    },
  },
  {
    id: "plugin-sealing",
    behaviour: "plugin door: secrets absent; a component secret sealed though the SDK sends it plain",
    what: "the plugin seals no output by its kind's secret paths (only what arrived sealed stays sealed)",
    file: "provider/schema/envelope.ts",
    search: "  const sealed = sealSecrets(reveal(values), kindSpec(kind)?.secretPaths ?? [], secret);",
    replace: "  const sealed = sealSecrets(reveal(values), kindSpec(kind)?.secretPaths.slice(0, 0) ?? [], secret);",
    rebuild: "provider",
    testFile: LANGUAGES_NODEJS,
    test: "secrets are absent from the state and from the engine's output; a component secret is secret alone",
    runFirst: [LANGUAGE_UP],
  },
  {
    id: "lookup-invokes",
    behaviour: "lookups as invokes; explicit `tenant.Provider` instances on other tenants",
    what: "an invoke's arguments never reach the lookup (every lookup asks for nothing)",
    file: "provider/plugin/invoke.ts",
    search: "  const value = await kindModule(kind).readers[lookup.name](runtime.sharedClient(), plain);",
    replace: "  const value = await kindModule(kind).readers[lookup.name](runtime.sharedClient(), {});",
    rebuild: "provider",
    testFile: LANGUAGES_NODEJS,
    test: LANGUAGE_UP,
  },
  {
    id: "yaml-schema",
    behaviour: "the plugin's schema types a program with no SDK",
    what: "the schema the plugin serves names a form node's `nextNode` in the API's words (`next_node`)",
    file: "provider/plugin/server.ts",
    search: "definedKindNames().length > 0 ? JSON.stringify(packageSchema(version)) : readSchema(),",
    replace:
      "definedKindNames().length > 0\n" +
      "          ? JSON.stringify(packageSchema(version))\n" +
      "          : readSchema().split('\"nextNode\"').join('\"next_node\"'),",
    rebuild: "provider",
    testFile: "test/e2e/languages-yaml.test.ts",
    test: LANGUAGE_UP,
  },
  {
    id: "import-file",
    behaviour: "`pulumi import --file` of a generated program, 0 writes",
    what: "a read without state (an import) finds no object",
    file: "provider/lifecycle/collection-update.ts",
    search: "  if (!object) return {};",
    replace: "  if (!object || !props) return {};",
    rebuild: "provider",
    testFile: "test/e2e/generate-plugin.test.ts",
    test: "after the printed config lines, pulumi import adopts every object with 0 writes",
    runFirst: [
      "generate writes the program and import.json, reading only",
      "the program's dependencies install as its README says",
    ],
  },
  {
    id: "trigger-bindings",
    behaviour:
      "trigger bindings: bound by reference, drift put back by `up --refresh`, unbound before the action is deleted",
    what: "the bindings' comparison takes the tenant's list for the program's (a binding removed by hand is no change)",
    file: "api/kinds/trigger-bindings/provider.ts",
    search: "  if (!Array.isArray(current.actions)) return current;",
    replace:
      "  if (!Array.isArray(current.actions) || Date.now() > 0) return { ...current, actions: desired.actions };",
    rebuild: "provider",
    testFile: PLUGIN_LIFECYCLE,
    test: "trigger bindings: bound by reference, a binding removed by hand is drift that up --refresh puts back",
  },
  {
    id: "parity",
    behaviour: "both doors send the same requests and store the same outputs",
    what: "the plugin's read passes the engine no state (every refresh reads as an import)",
    file: "provider/plugin/server.ts",
    search: "        props: Object.keys(props).length === 0 ? undefined : reveal(props),",
    replace: "        props: Object.keys(props).length === 0 || Date.now() > 0 ? undefined : reveal(props),",
    rebuild: "provider",
    testFile: "test/e2e/plugin-parity.test.ts",
    test: "refresh: the same reads, the same outputs after",
    runFirst: ["up: the same requests, the same stored outputs, the same objects"],
  },
  {
    id: "backend-readers",
    behaviour:
      "the provider lists a PostgreSQL backend of more stacks than Pulumi's own `stack ls` can (it bounds the readers)",
    what: "no bound on PULUMI_DIY_BACKEND_PARALLEL (the CLI's default 10 readers)",
    file: "provider/backend/pulumi-cli.ts",
    search: "  if (!env[DIY_PARALLEL_VARIABLE]) env[DIY_PARALLEL_VARIABLE] =",
    replace: "  if (!env[DIY_PARALLEL_VARIABLE] && Date.now() < 0) env[DIY_PARALLEL_VARIABLE] =",
    rebuild: "provider",
    testFile: GITOPS,
    test: "the provider lists the backend's stacks where the CLI's default `stack ls` would hang (it bounds the readers)",
  },
  {
    id: "sibling-backends",
    behaviour: "ownership read from another backend (`tenant:ownershipBackends`)",
    what: "the backends `tenant:ownershipBackends` names are never read",
    file: "provider/backend/stacks.ts",
    search: "  for (const url of [undefined, ...siblings]) {",
    replace: "  for (const url of [undefined, ...siblings.slice(0, 0)]) {",
    rebuild: "provider",
    testFile: GITOPS,
    test: "a stack in another backend sees this backend's stacks only when it names them (tenant:ownershipBackends)",
  },
  {
    id: "refresh-always",
    behaviour: "`refresh: always`: a plain `up` undoes drift at one list page per kind",
    what: "generate's Pulumi.yaml leaves out `options: refresh: always` when asked for it",
    file: "provider/cli/generate/program-parts.ts",
    search: "    ...(refreshAlways\n",
    replace: "    ...(refreshAlways && Date.now() < 0\n",
    rebuild: "provider",
    testFile: DRIFT,
    test: "with `options: refresh: always` (generate --refresh-always), a plain up undoes drift, at one list page per kind",
  },
  {
    id: "namespace-words",
    behaviour: "the same in another namespace's words (`prod:domain`)",
    what: "every setting is named in the default namespace's words (`tenant:domain`)",
    file: "provider/client/settings.ts",
    search: "  const key = configKeys(namespace)[name];\n  return isDefaultNamespace(namespace)",
    replace: "  const key = configKeys(DEFAULT_NAMESPACE)[name];\n  return isDefaultNamespace(namespace)",
    rebuild: "provider",
    testFile: "test/e2e/trial-errors.test.ts",
    test: "a tenant server that is down: the lookups and a resource name prod:domain, once",
  },
  {
    id: "drift-fields",
    behaviour: "the drift command: fields named, its printed command writes exactly them",
    what: "an update's fields are every field of the program, not the ones that differ",
    file: "provider/cli/drift-report.ts",
    search: "  if (step.old?.inputs) return changedFields(step.old.inputs, news);",
    replace: "  if (step.old?.inputs) return Object.keys(news ?? {}).sort();",
    rebuild: "provider",
    testFile: DRIFT,
    test: "hand edits of two objects: drift names the fields, its command writes exactly them back",
  },
  {
    id: "review",
    behaviour: "the review comment from `preview --json`",
    what: "array items are never matched by identity (an inserted component reads as every later one changed)",
    file: "provider/cli/review/identity-diff.ts",
    search: "  if (items.length === 0 || !items.every(isObject)) return undefined;",
    replace: "  if (items.length >= 0 || !items.every(isObject)) return undefined;",
    rebuild: "provider",
    testFile: "test/e2e/review.test.ts",
    test: "the comment's summary names exactly the five changes, in under 60 lines before the full diff",
  },
  {
    id: "policy-stops-up",
    behaviour: "policy: the pack stops `up` before the action is written",
    what: "action-code-secrets judges the stack after the deployment instead of each action before its write",
    file: "policy/src/policies.ts",
    search:
      "  resourcePolicy(\n" +
      '    "action-code-secrets",\n' +
      '    "mandatory",\n' +
      "    \"An action's code holds no secret-shaped literal (keys, tokens, private keys, Authorization values, " +
      "user:password@ in a URL, a literal assigned to a credential's name): the action's secrets are the place " +
      '(event.secrets.NAME).",\n' +
      "    (resource) => codeSecrets(resource),\n",
    replace:
      "  stackPolicy(\n" +
      '    "action-code-secrets",\n' +
      '    "mandatory",\n' +
      '    "An action\'s code holds no secret-shaped literal.",\n' +
      "    (resources) => resources.flatMap((resource) => codeSecrets(resource)),\n",
    rebuild: "policy",
    testFile: "test/e2e/policy.test.ts",
    test: "pulumi up judges the interpolated code once the form exists, and stops before the action is written",
  },
];
