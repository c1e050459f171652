/**
 * Flows and vault connections: what they call outside the tenant goes over HTTPS to hosts
 * on the organisation's allow-list, and credentials reach a flow only through a vault
 * connection (`connection_id`), never as a literal in an action's params or headers.
 */
import { named, isRecord, type TenantResource } from "../resources";
import {
  DEFAULT_CREDENTIAL_HEADERS,
  isCredentialHeader,
  isCredentialName,
  isSecretLiteral,
  isTemplate,
  secretShapeIn,
  stringsIn,
} from "./literals";
import { hostAllowed, hostOf, isHttps, isKnownUrl, literalSchemeOf, templatedHostOf } from "./urls";
import type { Violation } from "./violation";

/** One action of a flow, with its path (`actions[1].params.then[0]`). */
export interface FlowActionAt {
  path: string;
  type: string;
  action: string;
  params: Record<string, unknown>;
}

/** Every action of a flow, the nested ones of a BOOLEAN_CONDITION's `then` and `else` included. */
export function flowActions(flow: Record<string, unknown>): FlowActionAt[] {
  const found: FlowActionAt[] = [];
  const visit = (value: unknown, path: string): void => {
    if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${path}[${index}]`));
    if (!isRecord(value)) return;
    if (typeof value.type === "string" && typeof value.action === "string" && isRecord(value.params)) {
      found.push({ path, type: value.type, action: value.action, params: value.params });
    }
    for (const [key, inner] of Object.entries(value)) if (typeof inner === "object") visit(inner, `${path}.${key}`);
  };
  visit(flow.actions, "actions");
  return found;
}

/**
 * The URLs a resource calls, known at preview (templated ones included): a flow's HTTP
 * SEND_REQUEST `url`s, a vault connection's base URLs.
 */
export function outsideUrls(resource: TenantResource): { path: string; url: string }[] {
  if (resource.typeName === "Flow") {
    return flowActions(resource.fields)
      .filter((action) => action.type === "HTTP" && action.action === "SEND_REQUEST")
      .map((action) => ({ path: `${action.path}.params.url`, url: action.params.url }))
      .filter((entry): entry is { path: string; url: string } => isKnownUrl(entry.url));
  }
  if (resource.typeName === "FlowVaultConnection" && isRecord(resource.fields.setup)) {
    const setup = resource.fields.setup;
    return ["base_url", "token_endpoint", "url"]
      .map((key) => ({ path: `setup.${key}`, url: setup[key] }))
      .filter(
        (entry): entry is { path: string; url: string } => isKnownUrl(entry.url) && /^[a-z]+:\/\//i.test(entry.url),
      );
  }
  return [];
}

/**
 * True for a URL whose scheme is written and is not `https`: `http://{{vars.crm_host}}/x` too
 * (the template decides the host, not the scheme). A URL whose scheme is a template is not judged.
 */
export const isPlainCall = (url: string): boolean => literalSchemeOf(url) !== undefined && !isHttps(url);

/** `outside-calls-https`: every outside call over HTTPS. */
export function httpsCalls(resource: TenantResource): Violation[] {
  return outsideUrls(resource)
    .filter(({ url }) => isPlainCall(url))
    .map(({ path, url }) => ({
      message:
        `${named(resource)}: ${path} calls ${hostOf(url) ?? url} without TLS (${url.split(":")[0]}://). ` +
        "Use an https:// URL: the request carries the user's data and, through the vault connection, its credentials.",
    }));
}

/** Configuration of `outside-calls-allowed-hosts`. */
export interface AllowedHostsConfig {
  /** Hosts outside calls may reach (`api.example.com`, `*.example.com`); empty: every host. */
  allowedHosts?: string[];
}

/** `outside-calls-allowed-hosts`: every outside call to a host on the allow-list. */
export function allowedHosts(resource: TenantResource, config: AllowedHostsConfig): Violation[] {
  const allowed = config.allowedHosts ?? [];
  if (allowed.length === 0) return [];
  return outsideUrls(resource).flatMap(({ path, url }) => {
    const templated = templatedHostOf(url);
    if (templated !== undefined) {
      // A host chosen at run time can be any host: listed only as written, after a review of where it comes from.
      if (allowed.some((entry) => entry.toLowerCase() === templated.toLowerCase())) return [];
      return [
        {
          message:
            `${named(resource)}: ${path} calls a host built at run time (${templated}), which the pack cannot check ` +
            `against allowedHosts (${allowed.join(", ")}). Write the host into the URL, or, once you have checked ` +
            `where that value comes from, add "${templated}" to allowedHosts.`,
        },
      ];
    }
    const host = hostOf(url);
    if (host === undefined || hostAllowed(host, allowed)) return [];
    return [
      {
        message:
          `${named(resource)}: ${path} calls ${host}, which is not on the pack's allowedHosts (${allowed.join(", ")}). ` +
          "Call an allowed host, or add this one to allowedHosts in the policy pack's configuration after review.",
      },
    ];
  });
}

/** Configuration of `credentials-in-vault`. */
export interface CredentialsConfig {
  /** Header names that carry credentials (without case); names with secret, token, api-key or password count too. */
  credentialHeaders?: string[];
}

/**
 * A literal of 8 or more characters that reads as a secret under a key that names a credential
 * (`payload.client_secret`, `params.api_key`); a template (`{{fields.password}}`) is a value the
 * flow receives, not one written here.
 */
function literalUnderCredentialName(path: string, text: string): boolean {
  const key = /\.([^.[\]]+)$/.exec(path)?.[1];
  return key !== undefined && isCredentialName(key) && isSecretLiteral(text, 8);
}

/** `credentials-in-vault`: no credential written into a flow action; vault connections hold them. */
export function flowCredentials(resource: TenantResource, config: CredentialsConfig): Violation[] {
  if (resource.typeName !== "Flow") return [];
  const headerNames = config.credentialHeaders ?? DEFAULT_CREDENTIAL_HEADERS;
  const fix =
    "Put the credential in a FlowVaultConnection (its setup is stored write-only and as a Pulumi secret) and " +
    "pass its id as the action's params.connection_id.";
  const found: Violation[] = [];
  for (const action of flowActions(resource.fields)) {
    const at = `${action.path}.params`;
    const flagged = new Set<string>();
    const headers = isRecord(action.params.headers) ? action.params.headers : {};
    for (const [header, value] of Object.entries(headers)) {
      if (typeof value === "string" && value !== "" && !isTemplate(value) && isCredentialHeader(header, headerNames)) {
        flagged.add(`${at}.headers.${header}`);
        found.push({
          message: `${named(resource)}: ${at}.headers.${header} is a credential written into the flow. ${fix}`,
        });
      }
    }
    const basic = action.params.basic;
    if (isRecord(basic) && typeof basic.password === "string" && basic.password !== "" && !isTemplate(basic.password)) {
      flagged.add(`${at}.basic.password`);
      found.push({ message: `${named(resource)}: ${at}.basic.password is a credential written into the flow. ${fix}` });
    }
    for (const { path, text } of stringsIn(action.params, at)) {
      if (flagged.has(path)) continue;
      const shape = secretShapeIn(text) ?? (literalUnderCredentialName(path, text) ? "a credential" : undefined);
      if (shape) found.push({ message: `${named(resource)}: ${path} holds ${shape}. ${fix}` });
    }
  }
  return found;
}
