/**
 * The tenant server's side of the table: each kind's behaviour in the tenant (what it stores,
 * refuses, builds, deploys; its routes beyond create, read, list, update and delete), from its
 * room's `tenant.ts`. Only the tenant server loads this file: the provider's package never
 * holds it (test/package/package.test.ts packs both packages to prove so).
 */
import { kindSpec, type KindName, type KindRules } from "./index";
import { actionTenantRules } from "./action/tenant";
import { brandingTenantRules } from "./branding/tenant";
import { brandingThemeTenantRules } from "./branding-theme/tenant";
import { eventStreamTenantRules } from "./event-stream/tenant";
import { flowVaultConnectionTenantRules } from "./flow-vault-connection/tenant";
import { formTenantRules } from "./form/tenant";
import { loginTemplateTenantRules } from "./login-template/tenant";
import { rateLimitPolicyTenantRules } from "./rate-limit-policy/tenant";
import { triggerBindingsTenantRules } from "./trigger-bindings/tenant";
import { promptSettingsTenantRules } from "./prompt-settings/tenant";
import { promptCustomTextTenantRules } from "./prompt-custom-text/tenant";
import { promptScreenPartialsTenantRules } from "./prompt-screen-partials/tenant";

/** Each kind's rules on the tenant server, beside the wire facts of its entry (one line per kind that has any). */
const TENANT_RULES: Partial<Record<KindName, KindRules>> = {
  form: formTenantRules,
  eventStream: eventStreamTenantRules,
  loginTemplate: loginTemplateTenantRules,
  rateLimitPolicy: rateLimitPolicyTenantRules,
  flowVaultConnection: flowVaultConnectionTenantRules,
  action: actionTenantRules,
  triggerBindings: triggerBindingsTenantRules,
  promptSettings: promptSettingsTenantRules,
  promptCustomText: promptCustomTextTenantRules,
  promptScreenPartials: promptScreenPartialsTenantRules,
  branding: brandingTenantRules,
  brandingTheme: brandingThemeTenantRules,
};

/**
 * Kind `kind`'s rules as the tenant server applies them: its entry's (wire facts, and whatever
 * a kind declared beyond the table by `defineKind` put there) and its room's tenant rules.
 */
export function tenantRules(kind: string): KindRules {
  const own = Object.hasOwn(TENANT_RULES, kind) ? TENANT_RULES[kind as KindName] : undefined;
  return { ...kindSpec(kind)?.rules, ...own };
}
