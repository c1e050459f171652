/**
 * `check`: the inputs alone first (no request), then, for valid inputs of a known tenant,
 * the tenant itself (settings and a token, once per tenant: so `pulumi preview` reports
 * missing settings, a wrong domain, refused credentials or a silent host), then an
 * adoption or a takeover the create would make (ownership.ts) and the implementation's
 * own checks against the tenant. Failures carry no value the engine would print in full.
 */
import type { CheckFailure, CheckResult } from "@pulumi/pulumi/dynamic";
import { kindSpec, kindLabel, singletonIdIn } from "../../api";
import { excerpt } from "../client/errors";
import { forResource } from "../diagnostics";
import { adoptionFailure, urnOf } from "../lifecycle/ownership";
import { isObject, type JsonObject, UNKNOWN } from "../lifecycle/shared";
import type { ResourceImplementation } from "../lifecycle/types";
import { contextOf, originOf, ownershipSource, verify } from "./connections";
import { namespaceOf, tenantFailure, tenantOf, withEnvelopeOf, withoutEnvelope } from "./envelope";
import type { CheckRequest } from "./requests";

/** How a resource of `kind` with `inputs` is named in a message: `form "Sign-up"`, `login page template universal-login`. */
export function describeInputs(kind: string, inputs: JsonObject): string {
  const label = kindLabel(kind);
  const spec = kindSpec(kind);
  const singletonId = spec && singletonIdIn(spec, inputs);
  if (singletonId && singletonId !== UNKNOWN) return `${label} ${singletonId}`;
  return typeof inputs.name === "string" && inputs.name !== UNKNOWN ? `${label} "${excerpt(inputs.name, 60)}"` : label;
}

/** Longest rendering of a value the engine may print next to a check failure. */
const ECHO_LIMIT = 200;

/**
 * Check failures as the engine should print them. For a failure on a top-level input the
 * engine prints the whole value (`property template value {…100 KB…} has a problem`):
 * when that value is long, the property moves into the reason instead.
 */
function printable(failures: CheckFailure[], inputs: JsonObject): CheckFailure[] {
  return failures.map((failure) => {
    const reason = excerpt(failure.reason, 500);
    const value = failure.property ? inputs[failure.property] : undefined;
    if (value === undefined || (JSON.stringify(value) ?? "").length <= ECHO_LIMIT)
      return { property: failure.property, reason };
    return { property: "", reason: `${failure.property}: ${reason}` };
  });
}

/** True when `olds` are a create's (nothing but the provider reference). */
function isCreate(olds: unknown): boolean {
  return Object.keys(withoutEnvelope(olds)).filter((key) => key !== "__provider").length === 0;
}

/** `check` of a resource of `kind`. */
export async function check(
  kind: string,
  impl: ResourceImplementation,
  { olds, news }: CheckRequest,
): Promise<CheckResult> {
  const inputs = withoutEnvelope(news);
  let result = await impl.check(withoutEnvelope(olds), inputs);
  const tenant = tenantOf(news);
  let failures = printable(result.failures ?? [], inputs);
  const badTenant = tenantFailure(tenant);
  if (badTenant) failures.push(badTenant);
  if (failures.length === 0 && tenant !== UNKNOWN) {
    const namespace = namespaceOf(news);
    const problem = await verify(namespace, describeInputs(kind, inputs));
    const taken =
      problem === undefined && isCreate(olds) && isObject(news)
        ? await adoptionFailure(ownershipSource, kind, originOf(namespace), news)
        : undefined;
    if (problem !== undefined || taken) {
      failures.push(taken ?? { property: "", reason: problem! });
    } else {
      result = await forResource(urnOf(isObject(news) ? news : undefined), () =>
        impl.check(withoutEnvelope(olds), inputs, contextOf(namespace)),
      );
      failures = printable(result.failures ?? [], inputs);
    }
  }
  return { inputs: withEnvelopeOf(result.inputs ?? inputs, news), failures };
}
