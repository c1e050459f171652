/**
 * The pack's policies: each rule of rules/ with its name, description, default enforcement
 * and configuration schema. Resource rules read one tenant object (either door); stack rules
 * read every tenant object of the stack.
 */
import type {
  EnforcementLevel,
  PolicyConfigSchema,
  ReportViolation,
  ResourceValidationPolicy,
  StackValidationPolicy,
} from "@pulumi/policy";
import { parseBackendList, SIBLING_BACKENDS_ENV, stackIndex } from "pulumi-tenant/policy-support";
import { tenantResource, type TenantResource } from "./resources";
import {
  codeNotKnown,
  codeParses,
  codeSecrets,
  DEFAULT_RUNTIMES,
  pinnedDependencies,
  supportedRuntime,
} from "./rules/actions";
import { knownEventTypes, webhookAuthorization, webhookHttps } from "./rules/event-streams";
import { AA_NORMAL_TEXT, themeTextContrast } from "./rules/contrast";
import { flowIdsOf, nodesReachable, pathsEnd, sensitiveFieldsHttps } from "./rules/forms";
import { allowedOrigins, noInlineCode } from "./rules/login-page";
import { allowedHosts, flowCredentials, httpsCalls } from "./rules/outside-calls";
import { DEFAULT_CREDENTIAL_HEADERS } from "./rules/literals";
import { adoptionsOwnedElsewhere, productionRateLimits, projectStackOfUrn, stackNameOfUrn } from "./rules/stack";
import { bindingsSupported } from "./rules/trigger-bindings";
import type { Violation } from "./rules/violation";

const strings = (description: string, defaults: string[] = []) => ({
  type: "array" as const,
  items: { type: "string" as const },
  default: defaults,
  description,
});

/** A resource policy from a rule of one tenant object. */
function resourcePolicy(
  name: string,
  enforcementLevel: EnforcementLevel,
  description: string,
  rule: (resource: TenantResource, config: Record<string, unknown>) => Violation[],
  configSchema?: PolicyConfigSchema,
): ResourceValidationPolicy {
  return {
    name,
    description,
    enforcementLevel,
    configSchema,
    validateResource: (args, reportViolation: ReportViolation) => {
      const resource = tenantResource(args);
      if (!resource) return;
      for (const violation of rule(resource, args.getConfig<Record<string, unknown>>()))
        reportViolation(violation.message);
    },
  };
}

/** A stack policy from a rule of every tenant object of the stack. */
function stackPolicy(
  name: string,
  enforcementLevel: EnforcementLevel,
  description: string,
  rule: (
    resources: TenantResource[],
    stack: string,
    config: Record<string, unknown>,
    all: Map<string, string[]>,
    byProperty: Map<string, Record<string, string[]>>,
  ) => Violation[] | Promise<Violation[]>,
  configSchema?: PolicyConfigSchema,
): StackValidationPolicy {
  return {
    name,
    description,
    enforcementLevel,
    configSchema,
    validateStack: async (args, reportViolation: ReportViolation) => {
      const resources = args.resources.flatMap((resource) => tenantResource(resource) ?? []);
      if (resources.length === 0) return;
      // Each tenant object's dependencies among the tenant objects (by URN): what a form hands data to.
      const dependencies = new Map(
        args.resources.map((resource) => [resource.urn, resource.dependencies.map((dependency) => dependency.urn)]),
      );
      // And by property: which resources the value of each of its inputs comes from (a binding's action).
      const byProperty = new Map(
        args.resources.map((resource) => [
          resource.urn,
          Object.fromEntries(
            // None when the caller has none to give (drift's judging of what the tenant holds now).
            Object.entries(resource.propertyDependencies ?? {}).map(([key, on]) => [key, on.map((other) => other.urn)]),
          ),
        ]),
      );
      const stack = stackNameOfUrn(resources[0]!.urn);
      const config = args.getConfig<Record<string, unknown>>();
      for (const violation of await rule(resources, stack, config, dependencies, byProperty))
        reportViolation(violation.message, violation.urn);
    },
  };
}

/** The flows a form hands data to: those whose id it names, and, while ids are unknown, those it depends on. */
function flowsOfForm(form: TenantResource, resources: TenantResource[], dependencies: Map<string, string[]>) {
  const ids = new Set(flowIdsOf(form.fields));
  const depends = new Set(dependencies.get(form.urn) ?? []);
  return resources.filter(
    (resource) => resource.typeName === "Flow" && (depends.has(resource.urn) || ids.has(resource.fields.id)),
  );
}

/** Every policy of the pack. */
export const POLICIES: (ResourceValidationPolicy | StackValidationPolicy)[] = [
  resourcePolicy(
    "event-stream-webhook-https",
    "mandatory",
    "An event stream's webhook endpoint is https:// (deliveries carry users' data and the authorization secret).",
    (resource) => webhookHttps(resource),
  ),
  resourcePolicy(
    "event-stream-webhook-authorization",
    "mandatory",
    "An event stream's webhook has an authorization (bearer, basic or custom_header) with its secret set, so the endpoint can authenticate deliveries.",
    (resource) => webhookAuthorization(resource),
  ),
  resourcePolicy(
    "event-stream-known-event-types",
    "advisory",
    "An event stream subscribes only to event types the tenant emits. Advisory by default: the list is this package's, and the service adds types before the package learns of them (the tenant refuses an unknown type at deploy).",
    (resource, config) => knownEventTypes(resource, config),
    { properties: { extraEventTypes: strings("Event types to accept beyond the package's list.") } },
  ),
  resourcePolicy(
    "outside-calls-https",
    "mandatory",
    "A flow's HTTP requests and a vault connection's base URLs use https://; a templated URL is judged by the scheme it writes (http://{{vars.host}}/… is plain HTTP).",
    (resource) => httpsCalls(resource),
  ),
  resourcePolicy(
    "outside-calls-allowed-hosts",
    "mandatory",
    "A flow's HTTP requests and a vault connection's base URLs reach only hosts on allowedHosts (`api.example.com`, `*.example.com`). A host built from a template (`{{vars.crm_host}}`) can be any host: it passes only when allowedHosts holds it as written. With allowedHosts empty (the default) every host is allowed.",
    (resource, config) => allowedHosts(resource, config),
    { properties: { allowedHosts: strings("Hosts outside calls may reach; `*.example.com` for its subdomains.") } },
  ),
  resourcePolicy(
    "credentials-in-vault",
    "mandatory",
    "A flow's actions hold no credential: no literal value in a credential header (Authorization, X-Api-Key, a name ending in Token or Secret, …), no basic.password, no literal under a key naming a credential, no secret-shaped string (keys, tokens, private keys, user:password@ in a URL) in params. Credentials go in a vault connection, named by connection_id.",
    (resource, config) => flowCredentials(resource, config),
    {
      properties: {
        credentialHeaders: strings("Header names that carry credentials (without case).", DEFAULT_CREDENTIAL_HEADERS),
      },
    },
  ),
  resourcePolicy(
    "action-code-secrets",
    "mandatory",
    "An action's code holds no secret-shaped literal (keys, tokens, private keys, Authorization values, user:password@ in a URL, a literal assigned to a credential's name): the action's secrets are the place (event.secrets.NAME).",
    (resource) => codeSecrets(resource),
  ),
  resourcePolicy(
    "action-code-parses",
    "advisory",
    "An action's code parses as the Actions runtime loads it (a CommonJS module): the service deploys code that does not, and every run of its trigger then fails. The code is compiled, never run.",
    (resource) => codeParses(resource),
  ),
  stackPolicy(
    "action-code-known-at-preview",
    "advisory",
    "An action's code is known at preview, so that the code rules judge it there. Code built from an output that does not exist yet (pulumi.interpolate of a form's id on a first preview) is named, with what it is built from: pulumi up judges it before the action is written. A value handed to the code as a secret of the action (event.secrets.FORM_ID) keeps the code a literal, judged at every preview.",
    (resources, _stack, _config, _dependencies, byProperty) => {
      const byUrn = new Map(resources.map((resource) => [resource.urn, resource]));
      return resources.flatMap((action) =>
        codeNotKnown(
          action,
          (byProperty.get(action.urn)?.code ?? []).flatMap((urn) => byUrn.get(urn) ?? []),
        ),
      );
    },
  ),
  resourcePolicy(
    "action-dependencies-pinned",
    "mandatory",
    "An action's dependencies are pinned to exact versions (1.2.3, v1.2.3 or =1.2.3; no ^, ~, ranges, latest or other tags), so the code that runs changes only with a change here.",
    (resource) => pinnedDependencies(resource),
  ),
  resourcePolicy(
    "action-runtime-supported",
    "advisory",
    "An action runs on a runtime the service supports (node22); a deprecated one (node18) is named with where its deprecation is stated. Advisory by default: the service's runtime list changes on its own schedule; check the current one in the Auth0 Actions documentation and set currentRuntimes.",
    (resource, config) => supportedRuntime(resource, config),
    {
      properties: {
        currentRuntimes: strings("Runtimes the service supports.", DEFAULT_RUNTIMES.currentRuntimes),
        deprecatedRuntimes: {
          type: "object",
          additionalProperties: { type: "string" },
          default: {},
          description: "Deprecated runtimes, each with where that is stated (added to the pack's own).",
        },
      },
    },
  ),
  resourcePolicy(
    "form-nodes-reachable",
    "mandatory",
    "Every node of a form is reachable from start.next_node (the service accepts a node no path reaches; no user ever sees it).",
    (resource) => nodesReachable(resource),
  ),
  resourcePolicy(
    "form-paths-end",
    "mandatory",
    "From every reachable node of a form a path leads to $ending (the service accepts a node that leads nowhere or only loops; a user there cannot finish).",
    (resource) => pathsEnd(resource),
  ),
  stackPolicy(
    "form-sensitive-fields-https",
    "mandatory",
    "A form with sensitive fields (sensitiveFieldTypes, sensitiveFieldIds) hands them only to flows whose HTTP requests are https://.",
    (resources, _stack, config, dependencies) =>
      resources
        .filter((resource) => resource.typeName === "Form")
        .flatMap((form) => sensitiveFieldsHttps(form, flowsOfForm(form, resources, dependencies), config)),
    {
      properties: {
        sensitiveFieldTypes: strings("FIELD component types whose values are sensitive.", ["PASSWORD", "PAYMENT"]),
        sensitiveFieldIds: strings("Component ids whose values are sensitive, whatever their type."),
      },
    },
  ),
  resourcePolicy(
    "login-page-allowed-origins",
    "mandatory",
    "The login page template and the screen partials load scripts, stylesheets, frames and embedded objects (and send forms, and set a <base>) only from the login page's own domain (relative URLs) or an origin on allowedOrigins (`https://cdn.example.com`, `https://*.example.com`; empty, the default, allows none); a URL whose origin is built from Liquid is named. A partial holds no inline <script>; the template may, unless templateInlineScripts is false.",
    (resource, config) => allowedOrigins(resource, config),
    {
      properties: {
        allowedOrigins: strings(
          "Origins the login page may load from (`https://cdn.example.com`, `https://*.example.com`).",
        ),
        templateInlineScripts: {
          type: "boolean",
          default: true,
          description: "Whether the page template may hold inline scripts (a partial never may).",
        },
      },
    },
  ),
  resourcePolicy(
    "login-partials-no-inline-code",
    "mandatory",
    "A screen partial holds no inline event handler (an on* attribute: onclick, onerror, …) and no javascript: URL: a partial runs inside the login box, next to the password. The page template is judged too when includeTemplate is true.",
    (resource, config) => noInlineCode(resource, config),
    {
      properties: {
        includeTemplate: {
          type: "boolean",
          default: false,
          description: "Whether the login page template is judged as the partials are.",
        },
      },
    },
  ),
  resourcePolicy(
    "login-theme-contrast",
    "advisory",
    "A branding theme's text colours reach a contrast ratio of 4.5:1 (WCAG 2 level AA for normal text) against what they stand on: body text, title, links, error and success messages and secondary button labels on the widget background, the primary button's label on the button, typed text and labels on the input background. Only #rgb and #rrggbb colours are judged. Advisory by default: it is about who can read the page, not who can reach the tenant.",
    (resource, config) => themeTextContrast(resource, config),
    {
      properties: {
        minimumRatio: {
          type: "number",
          default: AA_NORMAL_TEXT,
          description: "The minimum contrast ratio (4.5 is WCAG AA for normal text, 7 is AAA).",
        },
      },
    },
  ),
  stackPolicy(
    "trigger-binding-supported",
    "mandatory",
    "Every action a trigger's bindings run supports that trigger (its supported_triggers) and is deployed. The provider checks an action whose id is known at preview; this rule checks an Action created by the same program, whose id is not, through the bindings' dependency on it.",
    // The `actions` input in either door's spelling (one word: the same in the API's names and the plugin's).
    (resources, _stack, _config, _dependencies, byProperty) =>
      bindingsSupported(resources, (urn) => byProperty.get(urn)?.actions ?? []),
  ),
  stackPolicy(
    "adoption-owned-elsewhere",
    "mandatory",
    "An adoption (adoptId, a singleton's adopt) of an object another stack of the backend manages sets force: true. Reads every stack of the backend and of ownershipBackends (as the provider does).",
    async (resources, _stack, config) => {
      const adopting = resources.filter(
        (resource) => resource.fields.adoptId !== undefined || resource.fields.adopt === true,
      );
      if (adopting.length === 0) return [];
      const siblings = [
        ...((config.ownershipBackends as string[]) ?? []),
        ...parseBackendList(process.env[SIBLING_BACKENDS_ENV]),
      ];
      return adoptionsOwnedElsewhere(adopting, await stackIndex(siblings, projectStackOfUrn(adopting[0]!.urn)));
    },
    { properties: { ownershipBackends: strings("Other backends whose stacks manage objects of the same tenants.") } },
  ),
  stackPolicy(
    "production-rate-limits-block",
    "mandatory",
    "In a production stack (name matching productionStacks, default ^prod) rate limit policies block requests past their limit rather than log them.",
    (resources, stack, config) => productionRateLimits(resources, stack, config),
    {
      properties: {
        productionStacks: {
          type: "string",
          default: "^prod",
          description: "Regular expression for the names of production stacks.",
        },
      },
    },
  ),
];
