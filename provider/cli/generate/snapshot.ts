/**
 * Reads everything `generate` needs from a tenant, with GETs only: the forms list pages
 * and one GET per form (the list holds summaries), the event stream pages (whole
 * streams), the login page template, and the rate limit policy pages. Nothing is ever
 * written to the tenant.
 */
import { ERROR_CODES, type EventStream, type Form, type RateLimitPolicy } from "../../../api";
import { FeatureUnavailableError, ForbiddenError, NotFoundError, UnauthorizedError } from "../../client/errors";
import type { TenantClient } from "../../client/http";
import { listEventStreams, listFormSummaries, mapLimited, readForm, readLoginTemplate } from "../../lookups/read";
import { listRateLimitPolicies, NOT_ENABLED_MESSAGE } from "../../resources/rate-limit-policy/lookup";

/** What a tenant holds, as the API returns it. */
export interface TenantSnapshot {
  /** The tenant's domain, as configured. */
  domain: string;
  forms: Form[];
  eventStreams: EventStream[];
  /** The login page template's markup, when the tenant has one. */
  loginTemplate?: string;
  rateLimitPolicies: RateLimitPolicy[];
  /** Things the user should know: skipped parts, objects gone while reading. */
  notes: string[];
}

/** Options of {@link readTenant}. */
export interface ReadTenantOptions {
  /** Receives one line per step (progress). */
  progress?: (line: string) => void;
  /** Form GETs in flight at once (default 8; the client's limiter paces them). */
  concurrency?: number;
}

/** Reports "n of total" lines for a long run without flooding: every 10 % and at the end. */
function counter(progress: ((line: string) => void) | undefined, label: string, total: number): () => void {
  let done = 0;
  let lastDecile = 0;
  return () => {
    done += 1;
    const decile = Math.floor((done * 10) / Math.max(total, 1));
    if (done === total || decile > lastDecile) {
      lastDecile = decile;
      progress?.(`${label}: ${done} of ${total} read`);
    }
  };
}

/** Reads the whole tenant through `client` (see the module comment for the requests). */
export async function readTenant(client: TenantClient, options: ReadTenantOptions = {}): Promise<TenantSnapshot> {
  const progress = options.progress;
  const notes: string[] = [];

  const summaries = await listFormSummaries(client, (read, total) =>
    progress?.(`forms: ${read}${typeof total === "number" ? ` of ${total}` : ""} listed`),
  );
  const tick = counter(progress, "forms", summaries.length);
  const forms = (
    await mapLimited(summaries, options.concurrency ?? 8, async (summary) => {
      try {
        return await readForm(client, summary.id);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        notes.push(`form ${summary.id} ("${summary.name}") was deleted while the tenant was read: left out.`);
        return undefined;
      } finally {
        tick();
      }
    })
  ).filter((form): form is Form => form !== undefined);

  const eventStreams = await listEventStreams(client, (read) => progress?.(`event streams: ${read} listed`));

  const loginTemplate = await readLoginTemplate(client);
  progress?.(
    loginTemplate === undefined
      ? "login page template: none (the tenant shows the default page)"
      : `login page template: ${loginTemplate.length} characters`,
  );

  let rateLimitPolicies: RateLimitPolicy[] = [];
  try {
    rateLimitPolicies = await listRateLimitPolicies(client, {}, (read) =>
      progress?.(`rate limit policies: ${read} listed`),
    );
  } catch (error) {
    const note = policySkipReason(error);
    if (!note) throw error;
    notes.push(note);
    progress?.(`rate limit policies: skipped (${note})`);
  }
  return { domain: client.settings.domain, forms, eventStreams, loginTemplate, rateLimitPolicies, notes };
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
