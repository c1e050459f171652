/**
 * Marks the values at a resource's secret paths (declared in each kind's contract, api/kinds/<kind>/contract.ts) as
 * Pulumi secrets in the arguments users pass, leaf by leaf, so the engine stores them
 * encrypted and shows `[secret]`, even when the user passed a plain string.
 *
 * Leaf by leaf rather than `additionalSecretOutputs` (which only names top-level
 * outputs and would hide the whole field): a secret input comes back as a secret
 * output key by key through objects. (Through arrays the engine marks the whole array:
 * a form's `nodes` output is secret as a whole once a component holds a secret.)
 *
 * Runs in the user's program (the resource constructors), never in the provider.
 */
import * as pulumi from "@pulumi/pulumi";
import { EACH, type SecretPath, type SecretStep } from "../../api";

type Loose = Record<string, unknown>;

/** A plain object we can open now (not an Output, not a Promise). */
const isPlainObject = (value: unknown): value is Loose =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  !pulumi.Output.isInstance(value) &&
  typeof (value as { then?: unknown }).then !== "function";

/** Something whose content is only known later: an Output or a Promise. */
const isEventual = (value: unknown): boolean =>
  pulumi.Output.isInstance(value) ||
  (typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function");

/** True when `step` lets the walk continue into `value` (a `where` whose key is not yet known matches). */
function passes(value: Loose, step: Exclude<SecretStep, string>): boolean {
  return Object.entries(step.where).every(([key, wanted]) => value[key] === wanted || isEventual(value[key]));
}

/** True when a resolved plain value holds something at one of `paths`. */
function holdsSecret(value: unknown, paths: readonly SecretPath[]): boolean {
  return paths.some((path) => reaches(value, path));
}

function reaches(value: unknown, path: SecretPath): boolean {
  if (path.length === 0) return value !== undefined && value !== null;
  const [step, ...rest] = path;
  if (typeof step === "object")
    return (
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      passes(value as Loose, step) &&
      reaches(value, rest)
    );
  if (step === EACH) return Array.isArray(value) && value.some((item) => reaches(item, rest));
  return typeof value === "object" && value !== null && !Array.isArray(value) && reaches((value as Loose)[step], rest);
}

/**
 * For an Output or Promise we cannot open now: the whole value becomes secret once
 * resolved if it holds a secret (`output()` resolves nested values fully).
 */
function wholeIfSecretBearing(value: unknown, paths: readonly SecretPath[]): unknown {
  const resolved = pulumi.output(value as pulumi.Input<unknown>) as pulumi.Output<unknown>;
  return resolved.apply((inner: unknown) => (holdsSecret(inner, paths) ? pulumi.secret(inner) : inner));
}

/**
 * `value` with everything at `paths` wrapped in `pulumi.secret`. Plain objects and
 * arrays are copied as they are opened; Outputs and Promises on the way are resolved
 * and made secret as a whole if they hold a secret.
 */
export function markSecrets<T>(value: T, paths: readonly SecretPath[]): T {
  if (paths.length === 0 || value === undefined || value === null) return value;
  if (paths.some((path) => path.length === 0)) return pulumi.secret(value as pulumi.Input<unknown>) as T;
  if (isEventual(value)) return wholeIfSecretBearing(value, paths) as T;
  if (Array.isArray(value)) {
    const inner = paths.filter((path) => path[0] === EACH).map((path) => path.slice(1));
    return (inner.length ? value.map((item) => markSecrets(item, inner)) : value) as T;
  }
  if (!isPlainObject(value)) return value;
  // `where` steps judge this object, then the walk goes on from it.
  const here = paths.flatMap((path) => {
    const [step] = path;
    if (typeof step !== "object") return [path];
    return passes(value, step) ? [path.slice(1)] : [];
  });
  if (here.some((path) => typeof path[0] === "object" || path.length === 0)) return markSecrets(value, here);
  const marked: Loose = { ...value };
  for (const key of Object.keys(value)) {
    const inner = here.filter((path) => path[0] === key).map((path) => path.slice(1));
    if (inner.length) marked[key] = markSecrets(value[key], inner);
  }
  return marked as T;
}
