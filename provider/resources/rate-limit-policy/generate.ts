/**
 * `generate` for rate limit policies: the list, each written as a `RateLimitPolicy`. A
 * tenant without the Early Access feature, or a client that may not read them, skips them
 * with a note rather than failing the whole generation.
 */
import { ERROR_CODES, type RateLimitPolicy } from "../../../api";
import { FeatureUnavailableError, ForbiddenError, UnauthorizedError } from "../../client/errors";
import { commentSafe, type KindGenerator, without, SERVER_FIELDS } from "../../lifecycle/generator";
import { listRateLimitPolicies, NOT_ENABLED_MESSAGE } from "./lookup";

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

/**
 * Why rate limit policies could not be read, when that should not stop the generation:
 * the Early Access feature is off, the client lacks `read:rate_limit_policies`, or it is
 * not a global client (policies need one). `undefined` for any other error.
 */
export function policySkipReason(error: unknown): string | undefined {
  if (error instanceof FeatureUnavailableError) {
    return `${NOT_ENABLED_MESSAGE} (an Early Access feature): none generated`;
  }
  if (error instanceof ForbiddenError && error.errorCode === ERROR_CODES.insufficientScope) {
    return (
      `rate limit policies were not read: the client lacks the scope ${error.missingScope ?? "read:rate_limit_policies"}; ` +
      "grant it to include them"
    );
  }
  if (error instanceof UnauthorizedError) {
    return (
      "rate limit policies were not read: they need a global client (the tenant's global management client); " +
      "run again with its credentials to include them"
    );
  }
  return undefined;
}

export const rateLimitPolicyGenerator: KindGenerator<RateLimitPolicy> = {
  async read(client, { progress, notes }) {
    try {
      return await listRateLimitPolicies(client, {}, (read) => progress?.(`rate limit policies: ${read} listed`));
    } catch (error) {
      const note = policySkipReason(error);
      if (!note) throw error;
      notes.push(note);
      progress?.(`rate limit policies: skipped (${note})`);
      return [];
    }
  },

  resource(policy, ctx) {
    return {
      name: ctx.name(`${selectorWords(policy.consumer_selector)} rate limit`, "rateLimit", "Policy"),
      id: policy.id,
      label: policy.consumer_selector,
      comment: `Rate limit policy of consumer_selector "${commentSafe(policy.consumer_selector)}" (${policy.id}).`,
      args: without(policy, SERVER_FIELDS),
    };
  },
};
