/** Property-based tests of the pure parts: normalisation, diff and check. */
import fc from "fast-check";
import { pruneEmpty } from "../../../../api/kinds/form/provider";
import { checkEventStream, checkForm, diffEventStream, diffForm } from "../lifecycle-helpers";
import { formOutputs, normaliseForm } from "../../../../api/kinds/form/provider";
import { eventStreamOutputs, normaliseEventStream } from "../../../../api/kinds/event-stream/provider";
import { EVENT_STREAM_NAME_MAX } from "../../../../api/kinds/event-stream/contract";
import { checkSingletonInputs } from "../../../../provider/lifecycle/singleton";
import { deepEqual, type JsonObject } from "../../../../provider/lifecycle/shared";
import { TEMPLATE_MAX, TEMPLATE_HEAD_TAG, TEMPLATE_WIDGET_TAG } from "../../../../api/kinds/login-template/contract";
import { FORM_NAME_MAX } from "../../../../api/kinds/form/contract";
import { eventStreamArb, formArb } from "../arbitraries";

/** The login page template's check without the tenant (the singleton lifecycle's, with its hooks). */
const checkLoginTemplate = (news: Record<string, unknown>) => checkSingletonInputs("loginTemplate", news);

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** What the tenant server stores and returns for a created form (its own pruning). */
function serverForm(form: JsonObject): JsonObject {
  const stored = pruneEmpty(form) as JsonObject;
  return json({
    id: "ap_1111111111111111111111",
    ...stored,
    ending: stored.ending ?? { resume_flow: true },
    created_at: "2026-01-16T08:50:33.955Z",
    updated_at: "2026-01-16T08:50:33.955Z",
  });
}

/** What the server returns for an event stream: the webhook secret removed, timestamps added. */
function serverStream(stream: JsonObject): JsonObject {
  const copy = json(stream) as JsonObject & { destination: { type: string; configuration: JsonObject } };
  const auth = copy.destination.configuration.webhook_authorization as JsonObject | undefined;
  if (auth) for (const key of ["password", "token", "header_value"]) delete auth[key];
  return {
    id: "est_1111111111111111111111",
    status: "enabled",
    ...copy,
    created_at: "2026-01-16T08:50:33.955Z",
    updated_at: "2026-01-16T08:50:33.955Z",
  };
}

const failuresOf = (result: { failures?: readonly { property: string }[] }) => result.failures ?? [];

describe("form properties", () => {
  it("normalising a form is idempotent", () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const once = normaliseForm(form as JsonObject);
        expect(normaliseForm(once)).toEqual(once);
      }),
    );
  });

  it("every generated valid form passes check", () => {
    fc.assert(
      fc.property(formArb, (form) => {
        expect(failuresOf(checkForm(form as JsonObject))).toEqual([]);
      }),
    );
  });

  it("diff of a form against its own stored outputs reports no change", () => {
    fc.assert(
      fc.property(formArb, (form) => {
        expect(diffForm(form as JsonObject, form as JsonObject).changes).toBe(false);
        const outputs = formOutputs(serverForm(form as JsonObject));
        expect(diffForm(outputs, form as JsonObject)).toEqual({ changes: false });
      }),
    );
  });

  it("a name just outside the limits fails check naming the property", () => {
    fc.assert(
      fc.property(formArb, fc.constantFrom(0, FORM_NAME_MAX + 1), (form, length) => {
        const failures = failuresOf(checkForm({ ...form, name: "n".repeat(length) } as JsonObject));
        expect(failures.map((f) => f.property)).toContain("name");
      }),
    );
  });

  it("a FLOW node's flow_id over 30 characters fails check naming the property", () => {
    const withFlow = formArb.filter((form) => (form.nodes as { type: string }[]).some((node) => node.type === "FLOW"));
    fc.assert(
      fc.property(withFlow, (form) => {
        const nodes = json(form.nodes!) as JsonObject[];
        const index = nodes.findIndex((node) => node.type === "FLOW");
        (nodes[index].config as JsonObject).flow_id = `af_${"f".repeat(28)}`;
        const failures = failuresOf(checkForm({ ...form, nodes } as JsonObject));
        expect(failures.map((f) => f.property)).toEqual([`nodes[${index}].config.flow_id`]);
      }),
      { numRuns: 50 },
    );
  });

  it("a next_node pointing at no node fails check naming the property", () => {
    fc.assert(
      fc.property(formArb, (form) => {
        const failures = failuresOf(
          checkForm({ ...form, start: { ...form.start, next_node: "nowhere-node" } } as JsonObject),
        );
        expect(failures).toEqual([expect.objectContaining({ property: "start.next_node" })]);
      }),
    );
  });
});

describe("event stream properties", () => {
  it("normalising an event stream is idempotent", () => {
    fc.assert(
      fc.property(eventStreamArb, (stream) => {
        const once = normaliseEventStream(stream as JsonObject);
        expect(normaliseEventStream(once)).toEqual(once);
      }),
    );
  });

  it("every generated valid event stream passes check", () => {
    fc.assert(
      fc.property(eventStreamArb, (stream) => {
        expect(failuresOf(checkEventStream(stream as JsonObject))).toEqual([]);
      }),
    );
  });

  it("diff of an event stream against its own stored outputs reports no change", () => {
    fc.assert(
      fc.property(eventStreamArb, (stream) => {
        const outputs = eventStreamOutputs(serverStream(stream as JsonObject), stream as JsonObject);
        expect(diffEventStream(outputs, stream as JsonObject)).toEqual({ changes: false });
        expect(deepEqual(outputs.destination, stream.destination)).toBe(true);
      }),
    );
  });

  it("a mutation just outside a limit fails check naming the property", () => {
    const mutations: [string, (stream: JsonObject) => JsonObject][] = [
      ["name", (s) => ({ ...s, name: "n".repeat(EVENT_STREAM_NAME_MAX + 1) })],
      ["name", (s) => ({ ...s, name: "" })],
      ["subscriptions", (s) => ({ ...s, subscriptions: [] })],
      ["subscriptions[0].event_type", (s) => ({ ...s, subscriptions: [{ event_type: "User Exploded" }] })],
      ["subscriptions[0].event_type", (s) => ({ ...s, subscriptions: [{ event_type: "user" }] })],
      ["status", (s) => ({ ...s, status: "paused" })],
    ];
    fc.assert(
      fc.property(eventStreamArb, fc.constantFrom(...mutations), (stream, [property, mutate]) => {
        const failures = failuresOf(checkEventStream(mutate(stream as JsonObject)));
        expect(failures.map((f) => f.property)).toEqual([property]);
      }),
    );
  });

  it("any well-formed event type passes check: the set is open (the tenant judges the ones it knows)", () => {
    fc.assert(
      fc.property(eventStreamArb, fc.stringMatching(/^[a-z]{1,8}(\.[a-z][a-z_]{0,7}){1,3}$/), (stream, eventType) => {
        expect(
          failuresOf(checkEventStream({ ...stream, subscriptions: [{ event_type: eventType }] } as JsonObject)),
        ).toEqual([]);
      }),
    );
  });
});

describe("login template properties", () => {
  it("a template one character over the limit fails check naming the property", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), (extra) => {
        const base = `<html><head>${TEMPLATE_HEAD_TAG}</head><body>${TEMPLATE_WIDGET_TAG}</body></html>`;
        const atLimit = base + " ".repeat(TEMPLATE_MAX - base.length - extra);
        expect(failuresOf(checkLoginTemplate({ template: atLimit }))).toEqual([]);
        const over = base + " ".repeat(TEMPLATE_MAX - base.length + 1 + extra);
        expect(failuresOf(checkLoginTemplate({ template: over })).map((f) => f.property)).toEqual(["template"]);
      }),
      { numRuns: 10 },
    );
  });
});
