/**
 * The engine's calls on one resource, with typed requests (requests.ts): the envelope
 * (envelope.ts) is taken out before the implementation sees the values and put back into
 * what it returns, and the connection of the tenant the request names is handed over.
 */
import type { DiffResult } from "@pulumi/pulumi/dynamic";
import { PartialCreateError } from "../client/errors";
import { isAdoptedFromJournal, markGone } from "../lifecycle/create-once";
import { forResource, warningsSent } from "../diagnostics";
import { leftToOtherStack, urnOf } from "../lifecycle/ownership";
import { isObject, UNKNOWN } from "../lifecycle/shared";
import type { ResourceImplementation } from "../lifecycle/types";
import { check } from "./check";
import { contextOf, originOf, ownershipSource, recorded } from "./connections";
import { namespaceOf, storedOutputs, TENANT_KEY, tenantOf, withEnvelopeOf, withoutEnvelope } from "./envelope";
import { type ProviderRequest, type ResultOf, tenantCarrier } from "./requests";

/** `diff`: the implementation's, and a replacement when the resource names another tenant. */
function diff(impl: ResourceImplementation, id: string, olds: unknown, news: unknown): DiffResult {
  const result = forResource(urnOf(isObject(news) ? news : undefined), () =>
    impl.diff(id, withoutEnvelope(olds), withoutEnvelope(news)),
  );
  // The object lives in one tenant: naming another one means a new object there.
  if (tenantOf(news) === UNKNOWN || namespaceOf(news) !== namespaceOf(olds)) {
    return { ...result, changes: true, replaces: [...(result.replaces ?? []), TENANT_KEY] };
  }
  return result;
}

/** The kinds whose `prepare` is done or under way in this process. */
const prepared = new Set<string>();

/**
 * After a kind's first read, the work its first check needs is done on the next turn of
 * the event loop: a refresh reads every resource before the program's checks begin, and
 * waits for the tenant meanwhile.
 */
function prepareSoon(kind: string, impl: ResourceImplementation): void {
  if (prepared.has(kind) || !impl.prepare) return;
  prepared.add(kind);
  setImmediate(() => impl.prepare?.());
}

/** Runs `request` on a resource of `kind` whose implementation is `impl`. */
export async function handle<R extends ProviderRequest>(
  kind: string,
  impl: ResourceImplementation,
  request: R,
): Promise<ResultOf<R>> {
  return (await run(kind, impl, request)) as ResultOf<R>;
}

async function run(kind: string, impl: ResourceImplementation, request: ProviderRequest): Promise<unknown> {
  const namespace = namespaceOf(tenantCarrier(request));
  if (request.method !== "check" && request.method !== "create" && request.id) {
    // A resource of this run adopted this object from the create journal, so the state held it under another
    // resource too (renamed without an alias): deleting it would take it from the adopter. The old resource
    // leaves the state; the object stays with the new one.
    if (request.method === "delete" && isAdoptedFromJournal(request.id)) return undefined;
    recorded(request.id, namespace);
  }
  switch (request.method) {
    case "check":
      return check(kind, impl, request);
    case "diff": {
      const result = diff(impl, request.id, request.olds, request.news);
      await warningsSent(); // A warning of the diff shows before the engine moves on.
      return result;
    }
    case "create": {
      const origin = originOf(namespace);
      try {
        const result = await impl.create(contextOf(namespace), withoutEnvelope(request.inputs));
        return { ...result, outs: storedOutputs(result.outs ?? {}, request.inputs, origin) };
      } catch (error) {
        // The engine records a partial create's properties as the outputs: they must name the tenant too.
        if (error instanceof PartialCreateError) {
          Object.assign(error.properties, storedOutputs({}, request.inputs, origin));
        }
        throw error;
      }
    }
    case "read": {
      const { id, props } = request;
      prepareSoon(kind, impl);
      const result = await impl.read(
        contextOf(namespace),
        id,
        props === undefined ? undefined : withoutEnvelope(props),
      );
      if (!result.id) {
        // Deleted out of band: the engine drops it from the state, and the id is nobody's now.
        markGone(id);
        return result;
      }
      return {
        ...result,
        props: storedOutputs(result.props, props, originOf(namespace)),
        inputs: withEnvelopeOf(result.inputs, props),
      };
    }
    case "update": {
      const { id, olds, news } = request;
      const result = await impl.update(contextOf(namespace), id, withoutEnvelope(olds), withoutEnvelope(news));
      return { ...result, outs: storedOutputs(result.outs ?? {}, news, originOf(namespace)) };
    }
    case "delete": {
      const { id } = request;
      const props = isObject(request.props) ? request.props : undefined;
      // Another stack's state holds it too (it took it over with `force`): the last holder deletes it.
      if (await leftToOtherStack(ownershipSource, kind, id, originOf(namespace), props)) return undefined;
      await impl.delete(contextOf(namespace), id, withoutEnvelope(request.props));
      return undefined;
    }
  }
}
