/** The generic lifecycle's check / diff / payload for one resource, as plain functions for the unit tests. */
import { checkCollectionInputs, payloadOf } from "../../../provider/lifecycle/collection";
import { EVENT_STREAM_FIELDS } from "../../../api/resources/event-stream";
import { kindModule } from "../../../provider/resources";
import type { CollectionSpec } from "../../../provider/lifecycle/collection";
import { formImplementation, formSpec } from "../../../provider/resources/form/provider";
import { FORM_FIELDS } from "../../../provider/resources/form/schema";
import type { JsonObject } from "../../../provider/lifecycle/shared";

/** The event stream's lifecycle, made from its table entry. */
const eventStreamImplementation = kindModule("eventStream").implementation;
/** What the pure part of check reads of the lifecycle: the kind and its managed fields. */
const eventStreamSpec = { kind: "eventStream", fields: EVENT_STREAM_FIELDS } as unknown as CollectionSpec;

export const checkForm = (news: JsonObject) => checkCollectionInputs(formSpec, news);
export const checkEventStream = (news: JsonObject) => checkCollectionInputs(eventStreamSpec, news);
export const diffForm = (olds: JsonObject, news: JsonObject) => formImplementation.diff("ap_x", olds, news);
export const diffEventStream = (olds: JsonObject, news: JsonObject) =>
  eventStreamImplementation.diff("est_x", olds, news);
export const formPayload = (inputs: JsonObject) => payloadOf(FORM_FIELDS, inputs);
export const eventStreamPayload = (inputs: JsonObject) => payloadOf(EVENT_STREAM_FIELDS, inputs);
