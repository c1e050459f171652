/** fast-check generators of valid provider inputs (within every published limit). */
import fc from "fast-check";
import { EVENT_TYPES } from "../../../api/kinds/event-stream/contract";
import { componentArb } from "../../conformance/components";

const nodeIdArb = fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/);
const coordinatesArb = fc.record({
  x: fc.integer({ min: -999999, max: 999999 }),
  y: fc.integer({ min: -999999, max: 999999 }),
});
const shortText = (maxLength: number) => fc.string({ maxLength });
const text = (minLength: number, maxLength: number) => fc.string({ minLength, maxLength });

// Built once: constructing arbitraries (regex ones especially) inside `chain` is slow.
const aliasArb = text(1, 150);
const flowIdArb = fc.stringMatching(/^af_[1-9A-HJ-NP-Za-km-z]{1,27}$/);
const componentsArb = fc.array(componentArb, { maxLength: 3 });

/** The parts of a form that do not depend on its node ids. */
const formBaseArb = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 150 }),
    messages: fc.record(
      {
        errors: fc.dictionary(fc.stringMatching(/^[A-Z_]{1,20}$/), text(1, 50), { maxKeys: 3 }),
        custom: fc.dictionary(fc.stringMatching(/^[a-z_]{1,20}$/), text(1, 50), { maxKeys: 3 }),
      },
      { requiredKeys: [] },
    ),
    languages: fc.record(
      { primary: fc.constantFrom("en", "fr-CA", "zh-Hant-TW"), default: fc.constantFrom("en", "fr") },
      { requiredKeys: [] },
    ),
    translations: fc.dictionary(
      fc.constantFrom("en", "fr", "es", "pt-BR-custom-language-tag"),
      fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), shortText(20), { maxKeys: 2 }),
      { maxKeys: 2 },
    ),
    start: fc.record(
      {
        hidden_fields: fc.array(fc.record({ key: nodeIdArb, value: text(1, 100) }, { requiredKeys: ["key"] }), {
          maxLength: 3,
        }),
        coordinates: coordinatesArb,
      },
      { requiredKeys: [] },
    ),
    ending: fc.record(
      {
        redirection: fc.record({ target: fc.webUrl(), delay: fc.nat(10) }, { requiredKeys: ["target"] }),
        after_submit: fc.record({ flow_id: flowIdArb }, { requiredKeys: [] }),
        coordinates: coordinatesArb,
        resume_flow: fc.constant(true as const),
      },
      { requiredKeys: [] },
    ),
    style: fc.record({ css: text(1, 300) }, { requiredKeys: [] }),
  },
  { requiredKeys: ["name"] },
);

/** Nodes whose every `next_node` names one of them or `$ending`, and a start target. */
const graphArb = fc.uniqueArray(nodeIdArb, { maxLength: 5 }).chain((ids) => {
  const targetArb = fc.constantFrom(...ids, "$ending");
  const nodeArb = (id: string) =>
    fc.oneof(
      fc.record(
        {
          id: fc.constant(id),
          type: fc.constant("STEP" as const),
          alias: aliasArb,
          coordinates: coordinatesArb,
          config: fc.record({ components: componentsArb, next_node: targetArb }, { requiredKeys: [] }),
        },
        { requiredKeys: ["id", "type"] },
      ),
      fc.record(
        {
          id: fc.constant(id),
          type: fc.constant("FLOW" as const),
          alias: aliasArb,
          coordinates: coordinatesArb,
          config: fc.record({ flow_id: flowIdArb, next_node: targetArb }, { requiredKeys: ["flow_id"] }),
        },
        { requiredKeys: ["id", "type", "config"] },
      ),
      fc.record(
        {
          id: fc.constant(id),
          type: fc.constant("ROUTER" as const),
          coordinates: coordinatesArb,
          config: fc.record(
            {
              rules: fc.array(
                fc.record(
                  {
                    id: nodeIdArb,
                    alias: aliasArb,
                    next_node: targetArb,
                    condition: fc.constant({ operator: "EQ", field: "{{fields.country}}", value: "FR" }),
                  },
                  { requiredKeys: ["id", "condition"] },
                ),
                { maxLength: 3 },
              ),
              fallback: targetArb,
            },
            { requiredKeys: [] },
          ),
        },
        { requiredKeys: ["id", "type"] },
      ),
    );
  return fc.record({
    nodes: ids.length > 0 ? fc.tuple(...ids.map(nodeArb)) : fc.constant([]),
    startNext: fc.option(targetArb, { nil: undefined }),
  });
});

/** A valid form: every `next_node` names one of its nodes or `$ending`. */
export const formArb = fc.tuple(formBaseArb, graphArb).map(([base, graph]) => ({
  ...base,
  nodes: graph.nodes,
  ...(graph.startNext !== undefined ? { start: { ...base.start, next_node: graph.startNext } } : {}),
}));

const httpsUrlArb = fc.webUrl({ validSchemes: ["https"] });

const webhookArb = fc.record({
  type: fc.constant("webhook" as const),
  configuration: fc.record({
    webhook_endpoint: httpsUrlArb,
    webhook_authorization: fc.oneof(
      fc.record({
        method: fc.constant("basic" as const),
        username: fc.stringMatching(/^[^:]{1,40}$/),
        password: fc.string({ minLength: 1, maxLength: 60 }),
      }),
      fc.record({ method: fc.constant("bearer" as const), token: fc.string({ minLength: 1, maxLength: 200 }) }),
      fc.record({
        method: fc.constant("custom_header" as const),
        header_key: fc.stringMatching(/^[A-Za-z0-9-]{1,30}$/),
        header_value: fc.string({ minLength: 1, maxLength: 60 }),
      }),
    ),
  }),
});

/** A valid destination of each type. */
export const destinationArb = fc.oneof(
  webhookArb,
  fc.record({
    type: fc.constant("eventbridge" as const),
    configuration: fc.record({
      aws_account_id: fc.stringMatching(/^[0-9]{12}$/),
      aws_region: fc.constantFrom("us-east-1", "eu-west-3", "ap-southeast-2"),
    }),
  }),
  fc.record({
    type: fc.constant("action" as const),
    configuration: fc.record({ action_id: fc.stringMatching(/^[a-z0-9-]{1,64}$/) }),
  }),
);

/** A valid event stream. */
export const eventStreamArb = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 128 }),
    subscriptions: fc
      .uniqueArray(fc.constantFrom(...EVENT_TYPES), { minLength: 1, maxLength: 5 })
      .map((types) => types.map((event_type) => ({ event_type }))),
    destination: destinationArb,
    status: fc.constantFrom("enabled" as const, "disabled" as const),
  },
  { requiredKeys: ["name", "subscriptions", "destination"] },
);
