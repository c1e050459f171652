/** The generic lifecycle's check / diff / payload for one resource, as plain functions for the unit tests. */
import { checkCollectionInputs, payloadOf } from "../../../provider/lifecycle/collection";
import { eventStreamImplementation, eventStreamSpec } from "../../../provider/resources/event-stream/provider";
import { EVENT_STREAM_FIELDS } from "../../../provider/resources/event-stream/schema";
import { formImplementation, formSpec } from "../../../provider/resources/form/provider";
import { FORM_FIELDS } from "../../../provider/resources/form/schema";
import type { JsonObject } from "../../../provider/lifecycle/shared";

export const checkForm = (news: JsonObject) => checkCollectionInputs(formSpec, news);
export const checkEventStream = (news: JsonObject) => checkCollectionInputs(eventStreamSpec, news);
export const diffForm = (olds: JsonObject, news: JsonObject) => formImplementation.diff("ap_x", olds, news);
export const diffEventStream = (olds: JsonObject, news: JsonObject) =>
  eventStreamImplementation.diff("est_x", olds, news);
export const formPayload = (inputs: JsonObject) => payloadOf(FORM_FIELDS, inputs);
export const eventStreamPayload = (inputs: JsonObject) => payloadOf(EVENT_STREAM_FIELDS, inputs);
