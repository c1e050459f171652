/**
 * The base class of every TypeScript resource class: a dynamic resource (type
 * `pulumi-nodejs:dynamic/<module>:<Type>`, served by Pulumi's dynamic provider host), as
 * `@pulumi/pulumi/dynamic`'s `Resource` makes one, with two differences that cut what each
 * resource costs a deployment (issue 39; `npm run bench -- --only=versus`):
 *
 * - `__provider` is the short text of `shim.ts` (about 300 bytes instead of the closure
 *   serializer's 930), which the engine stores twice per resource and rewrites at every
 *   checkpoint.
 * - The stack trace the SDK takes of every registration (`Resource.callsites()`: the whole
 *   stack, each frame mapped through source maps, then stored in state as `stackTrace`) is
 *   taken of the frames that say where the resource was declared (this package's frames
 *   left out), and the one the SDK takes of each of its promises is not formatted unless it
 *   can be read (./stack-formatting.ts). Formatting those stacks was most of the program's
 *   time per resource.
 */
import * as path from "node:path";
import * as pulumi from "@pulumi/pulumi";
import { PROVIDER_KEY } from "./shared";
import { providerText } from "./shim";
import { inTurn } from "./registration-turns";
import { now, record, timelineOn } from "../timeline";
import { enterRegistration, leaveRegistration } from "./stack-formatting";
import type { ResourceKind } from "./tokens";

/**
 * This package's code: its frames (the resource classes, this base) are no program's. The
 * build's `dist/` (this file is `dist/provider/lifecycle/…`), or `provider/` from sources.
 */
const PACKAGE_DIR = path.resolve(__dirname, "..", ...(__filename.endsWith(".ts") ? [] : [".."])) + path.sep;

/**
 * Inputs of the package's own (`adoptId`, a singleton's `adopt`) that a program mostly leaves
 * out. Registered as `undefined`, each would become an output the engine does not know at
 * preview: an exported resource would print `adoptId: [unknown]` on every create. Left out,
 * the property is a known `undefined` Output, as the class declares it.
 */
const UNREGISTERED_WHEN_UNSET = ["adoptId", "adopt"] as const;

/**
 * A resource of kind `kind` served by this package's runtime in the dynamic provider host,
 * type `pulumi-nodejs:dynamic/<module>:<type>`.
 */
export class DynamicResource extends pulumi.CustomResource {
  constructor(
    kind: ResourceKind,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
    module: string,
    type: string,
  ) {
    if (props[PROVIDER_KEY] !== undefined) throw new Error(`a dynamic resource must not set ${PROVIDER_KEY}`);
    let text = inTurn(providerText(kind));
    if (timelineOn) text = timedTurn(text, props.managedBy);
    const unset = UNREGISTERED_WHEN_UNSET.filter((key) => key in props && props[key] === undefined);
    const inputs: pulumi.Inputs = { ...props, [PROVIDER_KEY]: text };
    for (const key of unset) delete inputs[key];
    enterRegistration(PACKAGE_DIR);
    try {
      super(`pulumi-nodejs:dynamic/${module}:${type}`, name, inputs, opts);
    } finally {
      leaveRegistration();
    }
    for (const key of unset)
      (this as unknown as Record<string, pulumi.Output<undefined>>)[key] = pulumi.output(undefined);
  }
}

/** For the bench's timeline: when the resource was declared and when its registration's turn came. */
function timedTurn(text: string | Promise<string>, urn: unknown): Promise<string> {
  const declared = now();
  return Promise.resolve(text).then((value) => {
    record("register", typeof urn === "string" ? urn : undefined, declared, now());
    return value;
  });
}
