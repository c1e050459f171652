/**
 * A prompt's screen partials' own rules on the provider's side: the prompt, its screens and their
 * insertion points checked at preview against the service's names (prompt-names.generated.ts);
 * a write checked at preview against what the tenant needs first (a custom domain and a login
 * page template), as the tenant would refuse it at `up`; the screens sent as the PUT's whole
 * object, `{}` read as none.
 */
import { CUSTOM_DOMAINS_PATH, NO_CUSTOM_DOMAIN_MESSAGE } from "../../neighbours";
import type { CheckIssue, ProviderHooks, TenantReader } from "../../table/provider-hooks";
import { PARTIAL_INSERTION_POINTS, PARTIAL_PROMPTS, PROMPT_SCREENS, unknownNameIssue } from "../../prompt-names";

/** What the tenant answers a partials write without a login page template (400). */
export const NO_TEMPLATE_MESSAGE =
  "This feature requires a Universal Login page template: set one (PUT /api/v2/branding/templates/universal-login) first.";

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The names of a prompt's partials the service lacks, each refused with the valid ones (the closest first). */
export function partialsNameIssues(
  fields: Readonly<Record<string, unknown>>,
  isUnknown: (value: unknown) => boolean,
): CheckIssue[] {
  const { prompt, screens } = fields;
  if (typeof prompt !== "string" || isUnknown(prompt)) return [];
  const promptIssue = unknownNameIssue("prompt", "prompt that takes partials", prompt, PARTIAL_PROMPTS);
  if (promptIssue) return [promptIssue];
  if (!isRecord(screens) || isUnknown(screens)) return [];
  return Object.entries(screens).flatMap(([screen, points]): CheckIssue[] => {
    const screenIssue = unknownNameIssue(
      `screens.${screen}`,
      `screen of the prompt ${prompt}`,
      screen,
      PROMPT_SCREENS[prompt] ?? [],
    );
    if (screenIssue) return [screenIssue];
    return Object.keys(isRecord(points) ? points : {}).flatMap((point) => {
      const issue = unknownNameIssue(
        `screens.${screen}.${point}`,
        "partial insertion point",
        point,
        PARTIAL_INSERTION_POINTS,
      );
      return issue ? [issue] : [];
    });
  });
}

/** Whether `read` answers: true, false when the tenant answers 404, undefined when it cannot tell. */
async function answers(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return await read();
  } catch (error) {
    return (error as { status?: number }).status === 404 ? null : undefined;
  }
}

/**
 * What the tenant lacks for these partials, at preview: a custom domain (read as missing only
 * when the tenant lists none; a client that may not read them lets `up` find out). The login page
 * template they also need is the entry's `singletonNeeds`: the tenant's, or one the program
 * declares. Only partials with some HTML need them: writing none is always taken.
 */
export async function partialsNeedIssues(
  inputs: Readonly<Record<string, unknown>>,
  tenant: TenantReader,
): Promise<CheckIssue[]> {
  if (!isRecord(inputs.screens) || Object.keys(inputs.screens).length === 0) return [];
  const issues: CheckIssue[] = [];
  const domains = await answers(() => tenant.get(CUSTOM_DOMAINS_PATH));
  if (Array.isArray(domains) && domains.length === 0) {
    issues.push({
      property: "screens",
      reason:
        `the tenant ${tenant.domain} has no custom domain, and partials need one (the API answers "${NO_CUSTOM_DOMAIN_MESSAGE}"). ` +
        "Add a custom domain to the tenant (a program cannot declare one: the dashboard's Branding > Custom Domains, or " +
        "POST /api/v2/custom-domains), or remove this resource",
    });
  }
  return issues;
}

/** The number of insertion points filled on every screen. */
const pointCount = (screens: unknown) =>
  Object.values(isRecord(screens) ? screens : {}).reduce(
    (count: number, points) => count + (isRecord(points) ? Object.keys(points).length : 0),
    0,
  );

/** A prompt's screen partials' provider hooks. */
export const promptScreenPartialsProviderHooks = {
  check: partialsNameIssues,
  naming: { words: (object) => `${String(object.prompt)} partials` },
  generate: { comment: (object) => `The HTML the ${String(object.prompt)} prompt's screens insert.` },
  singleton: {
    fromResponse: (answer, key) => ({ prompt: key, screens: isRecord(answer) ? answer : {} }),
    toRequest: (fields) => fields.screens ?? {},
    isEmpty: (fields) => !isRecord(fields.screens) || Object.keys(fields.screens).length === 0,
    describe: (fields) =>
      `${String(fields.prompt)}: ${pointCount(fields.screens)} partial(s) on ${Object.keys(isRecord(fields.screens) ? fields.screens : {}).length} screen(s)`,
    noneMeans: "no screen inserts HTML",
    checkWrite: partialsNeedIssues,
  },
} as const satisfies ProviderHooks;
