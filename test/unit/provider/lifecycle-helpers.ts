/** The generic lifecycle's check / diff / payload for one resource, as plain functions for the unit tests. */
import { checkCollectionInputs, payloadOf } from "../../../provider/lifecycle/collection";
import { EVENT_STREAM_FIELDS } from "../../../api/kinds/event-stream/contract";
import { kindModule } from "../../../provider/lifecycle/kind-modules";
import { FORM_FIELDS } from "../../../api/kinds/form/fields";
import { tableCollectionSpec } from "../../../provider/lifecycle/table-kind";
import type { JsonObject } from "../../../provider/lifecycle/shared";
import type { ProviderContext } from "../../../provider/lifecycle/types";
import type { KindName } from "../../../api";

/** The lifecycles and collection policies made from the table entries. */
const eventStreamImplementation = kindModule("eventStream").implementation;
const eventStreamSpec = tableCollectionSpec("eventStream");
const formImplementation = kindModule("form").implementation;
const formSpec = tableCollectionSpec("form");

export const checkForm = (news: JsonObject) => checkCollectionInputs(formSpec, news);
export const checkEventStream = (news: JsonObject) => checkCollectionInputs(eventStreamSpec, news);
export const diffForm = (olds: JsonObject, news: JsonObject) => formImplementation.diff("ap_x", olds, news);
export const diffEventStream = (olds: JsonObject, news: JsonObject) =>
  eventStreamImplementation.diff("est_x", olds, news);
export const formPayload = (inputs: JsonObject) => payloadOf(FORM_FIELDS, inputs);
export const eventStreamPayload = (inputs: JsonObject) => payloadOf(EVENT_STREAM_FIELDS, inputs);

/** `check` of kind `kind`'s provider with its hooks (the tenant's warnings among them), against `ctx`'s tenant. */
export const checkKind = (kind: KindName, ctx: ProviderContext, olds: object, news: object) =>
  kindModule(kind).implementation.check(olds as never, news as never, ctx);

/**
 * What the provider writes to stderr (its warnings, outside the engine) during each test of
 * the calling `describe`: the texts written so far in the running test.
 */
export function stderrOfEachTest(): () => string[] {
  let written: string[] = [];
  let spy: jest.SpyInstance | undefined;
  beforeEach(() => {
    written = [];
    spy = jest.spyOn(process.stderr, "write").mockImplementation((text) => {
      written.push(String(text));
      return true;
    });
  });
  afterEach(() => spy?.mockRestore());
  return () => written;
}
