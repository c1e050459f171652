/**
 * The official `auth0` SDK's request types (v7, generated from the real service's
 * schema by a different tool) are a second, independent source: every request shape it
 * can send for these operations must be assignable to the provider's input types and to
 * the contract's body types. Checked by `tsc --noEmit -p .`; a failure is a compile error.
 *
 * Where the two sources disagree, both forms are accepted (a ROUTER rule without the
 * `condition` the published schema requires; GMAPS_ADDRESS `server_key`; webhook and
 * subscription fields the SDK makes optional). One SDK artefact is corrected here instead:
 * its generator widens the published `enum: [true]` (`ending.resume_flow`,
 * CHOICE `allow_other.enabled`) to `boolean`, and `false` is refused by the real service.
 */
import type { Management } from "auth0";
import type { EventStreamArgs, FormArgs, LoginTemplateArgs } from "pulumi-tenant";
import type { EventStreamFields, EventStreamUpdate } from "../../api/kinds/event-stream/contract";
import type { UniversalLoginTemplatePut } from "../../api/kinds/login-template/contract";
import type { FormFields, FormRouterRule, FormUpdate } from "../../api/kinds/form/contract";

/**
 * Compiles only when `T` is assignable to `U` and every key `T` can have, at any depth,
 * is a key of `U` (assignability alone lets a source type carry extra optional keys,
 * which `check` would refuse).
 */
type Assignable<T, U> = [T] extends [U] ? AllCovered<T, U> : false;

/** Compiles only for `true`. */
type Assert<T extends true> = T;

/** `true` only when {@link Covered} is true for every member. */
type AllCovered<T, U> = false extends Covered<T, U> ? false : true;

/** `true` when every key of `T` (each union member, at any depth) is a key of a matching member of `U`. */
type Covered<T, U> = unknown extends T
  ? true
  : T extends readonly (infer Item)[]
    ? CoveredByArray<Item, Extract<U, readonly unknown[]>>
    : T extends object
      ? CoveredInAny<T, U>
      : true;

/** Items of `Item` covered by the items of the array type `U` (an Output or Promise of one does not count). */
type CoveredByArray<Item, U> = [U] extends [readonly (infer Target)[]] ? Covered<Item, Target> : false;

/** `true` when `T` is assignable to some member of `U` whose keys cover `T`'s. */
type CoveredInAny<T, U> = true extends (U extends object ? (T extends U ? ObjectCovered<T, U> : false) : false)
  ? true
  : false;

type ObjectCovered<T, U> = [Exclude<keyof T, keyof U>] extends [never]
  ? false extends {
      [K in keyof T & keyof U]-?: Covered<Exclude<T[K], undefined | null>, Exclude<U[K], undefined | null>>;
    }[keyof T & keyof U]
    ? false
    : true
  : false;

/** The published `enum: [true]` fields, which the SDK's types widen to `boolean`. */
type TrueOnlyKey = "resume_flow" | "enabled";

/**
 * A router rule (the only object with an `id` and no `type`) with the `condition` the
 * published schema requires and the SDK's `FormRouterRule` leaves out.
 */
type PublishedRule<T, Mapped> = T extends { id: unknown }
  ? "type" extends keyof T
    ? Mapped
    : Mapped & { condition: unknown }
  : Mapped;

/**
 * `T` as the published schema states it, at any depth: the SDK's widened `true`-only
 * fields narrowed back to `true`, router rules with their required `condition`.
 */
type PublishedTrueOnly<T> = T extends (infer Item)[]
  ? PublishedTrueOnly<Item>[]
  : T extends object
    ? PublishedRule<T, { [K in keyof T]: K extends TrueOnlyKey ? Exclude<T[K], false> : PublishedTrueOnly<T[K]> }>
    : T;

/** A PATCH body without its `null`s (clearing a key is leaving it out of the program). */
type WithoutNulls<T> = { [K in keyof T]: Exclude<T[K], null> };

// Forms: create (POST) and update (PATCH).
type SdkFormCreate = PublishedTrueOnly<Management.CreateFormRequestContent>;
type SdkFormUpdate = PublishedTrueOnly<Management.UpdateFormRequestContent>;
export type FormCreateToArgs = Assert<Assignable<SdkFormCreate, FormArgs>>;
export type FormUpdateToArgs = Assert<Assignable<WithoutNulls<SdkFormUpdate>, Partial<FormArgs>>>;
export type FormCreateToContract = Assert<Assignable<SdkFormCreate, FormFields>>;
export type FormUpdateToContract = Assert<Assignable<SdkFormUpdate, FormUpdate>>;
// Each node and each of the 27 component types on its own, so a failure names it.
export type NodeToContract = Assert<
  Assignable<PublishedTrueOnly<Management.FormNode>, NonNullable<FormFields["nodes"]>[number]>
>;
export type ComponentToArgs = Assert<
  Assignable<
    PublishedTrueOnly<Management.FormComponent>,
    NonNullable<Extract<NonNullable<FormFields["nodes"]>[number], { type: "STEP" }>["config"]>["components"] extends
      (infer C)[] | undefined
      ? C
      : never
  >
>;
// The published schema requires a rule's `condition`, which the SDK's type leaves out: ours requires it.
export type RouterRuleWithCondition = Assert<Assignable<PublishedTrueOnly<Management.FormRouterRule>, FormRouterRule>>;
export type RouterRuleNeedsCondition = Assert<
  Assignable<Management.FormRouterRule, FormRouterRule> extends false ? true : false
>;

// Event streams: the three create shapes and the PATCH shape.
export type StreamCreateToArgs = Assert<Assignable<Management.EventStreamsCreateRequest, EventStreamArgs>>;
export type StreamCreateWebhookToArgs = Assert<
  Assignable<Management.CreateEventStreamWebHookRequestContent, EventStreamArgs>
>;
export type StreamCreateEventBridgeToArgs = Assert<
  Assignable<Management.CreateEventStreamEventBridgeRequestContent, EventStreamArgs>
>;
export type StreamCreateActionToArgs = Assert<
  Assignable<Management.CreateEventStreamActionRequestContent, EventStreamArgs>
>;
export type StreamUpdateToArgs = Assert<
  Assignable<Management.UpdateEventStreamRequestContent, Partial<EventStreamArgs>>
>;
export type StreamCreateToContract = Assert<Assignable<Management.EventStreamsCreateRequest, EventStreamFields>>;
export type StreamUpdateToContract = Assert<Assignable<Management.UpdateEventStreamRequestContent, EventStreamUpdate>>;

// The login page template: the PUT body, as a bare string or `{template}`.
export type TemplateToContract = Assert<
  Assignable<Management.UpdateUniversalLoginTemplateRequestContent, UniversalLoginTemplatePut>
>;
export type TemplateObjectToArgs = Assert<
  Assignable<Extract<Management.UpdateUniversalLoginTemplateRequestContent, object>, LoginTemplateArgs>
>;
export type TemplateStringToArgs = Assert<
  Assignable<Extract<Management.UpdateUniversalLoginTemplateRequestContent, string>, LoginTemplateArgs["template"]>
>;

// The correction above is needed (the SDK really widens), and only there.
export type SdkWidensResumeFlow = Assert<Assignable<boolean | undefined, Management.FormEndingNode["resume_flow"]>>;
