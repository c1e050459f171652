/**
 * How a generated TypeScript program adopts on its source tenant only: the tenant's ids in
 * `adopt.json` (by resource name, never in the code), the `tenant.adoption` line that answers
 * them by the stack's tenant, and the README's words on deploying the program elsewhere.
 */
import { ADOPTION_FILE, type AdoptionRecord } from "../../adoption";
import { DEFAULT_NAMESPACE, originOf } from "../../client/settings";
import { adoptsByFlag, type ModelResource } from "./model";
import type { TenantSnapshot } from "./snapshot";

/** The variable of the generated program that answers each resource's adoption. */
export const ADOPT_VARIABLE = "adopt";

/** The placeholder domain of the README's other-tenant steps. */
export const OTHER_TENANT_DOMAIN = "<other-tenant.eu.auth0.com>";

/** The {@link ADOPTION_FILE} of `snapshot`: its tenant's origin and the id of each resource adopted by id. */
export function adoptionFile(snapshot: TenantSnapshot, resources: readonly ModelResource[]): string {
  const record: AdoptionRecord = {
    tenant: originOf(snapshot.domain),
    ids: Object.fromEntries(
      resources.filter((resource) => !adoptsByFlag(resource.kind)).map((resource) => [resource.name, resource.id]),
    ),
  };
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The program's lines that read {@link ADOPTION_FILE}: the tenant is read from `namespace`'s domain. */
export function adoptionLines(domain: string, namespace: string): string[] {
  const options = namespace === DEFAULT_NAMESPACE ? "" : `, { tenant: ${JSON.stringify(namespace)} }`;
  return [
    `// The ids of ${originOf(domain)}: each resource adopts its object on that tenant only.`,
    `const ${ADOPT_VARIABLE} = tenant.adoption(require("./${ADOPTION_FILE}")${options});`,
  ];
}

/**
 * The README's lines on deploying the program to another tenant (`steps`: the commands):
 * {@link ADOPTION_FILE} holds the source tenant's ids, and `tenant.adoption` answers them
 * only on that tenant.
 */
export function anotherTenantSection(domain: string, namespace: string, steps: string[]): string[] {
  const domainKey = namespace === DEFAULT_NAMESPACE ? "`tenant:domain` (or `AUTH0_DOMAIN`)" : `\`${namespace}:domain\``;
  return [
    "## Another tenant",
    "",
    `The code holds no id: the ids of ${originOf(domain)} are in \`${ADOPTION_FILE}\`, and \`tenant.adoption\``,
    `answers a resource's \`adoptId\` (the template's \`adopt\`) only when the stack's ${domainKey} is that`,
    "tenant, compared by origin (another spelling of the same domain still adopts). A stack of this program on",
    "any other tenant creates its own objects there, each reference (`flow.id`, `connection.id`) pointing at",
    "that tenant's own ids: this is how a dev tenant's configuration is promoted to prod.",
    "",
    "```sh",
    ...steps,
    "```",
    "",
    `Keep \`${ADOPTION_FILE}\` with the code: a stack adopts only when it creates a resource, so one that already`,
    "manages its objects no longer depends on it, but any new stack of the source tenant adopts through it.",
  ];
}
