/** The generic lifecycle's check / diff / payload for one resource, as plain functions for the unit tests. */
import { checkCollectionInputs, payloadOf } from "../../../provider/lifecycle/collection";
import { EVENT_STREAM_FIELDS } from "../../../api/resources/event-stream";
import { kindModule } from "../../../provider/resources";
import { FORM_FIELDS } from "../../../api/resources/form";
import { tableCollectionSpec } from "../../../provider/lifecycle/table-kind";
import type { JsonObject } from "../../../provider/lifecycle/shared";

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
