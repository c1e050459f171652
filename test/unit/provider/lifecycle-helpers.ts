/** The generic lifecycle's check / diff / payload for one resource, as plain functions for the unit tests. */
import { payloadOf } from "../../../provider/lifecycle/collection";
import { eventStreamImplementation } from "../../../provider/resources/event-stream/provider";
import { EVENT_STREAM_FIELDS } from "../../../provider/resources/event-stream/schema";
import { formImplementation } from "../../../provider/resources/form/provider";
import { FORM_FIELDS } from "../../../provider/resources/form/schema";
import type { JsonObject } from "../../../provider/resources/shared";

export const checkForm = (news: JsonObject) => formImplementation.check({}, news);
export const checkEventStream = (news: JsonObject) => eventStreamImplementation.check({}, news);
export const diffForm = (olds: JsonObject, news: JsonObject) => formImplementation.diff("ap_x", olds, news);
export const diffEventStream = (olds: JsonObject, news: JsonObject) => eventStreamImplementation.diff("est_x", olds, news);
export const formPayload = (inputs: JsonObject) => payloadOf(FORM_FIELDS, inputs);
export const eventStreamPayload = (inputs: JsonObject) => payloadOf(EVENT_STREAM_FIELDS, inputs);
