/**
 * Nothing missed by reads through list snapshots: every managed field of every kind changed
 * out of band (a PATCH by hand, in the field's own values and the others') is read through the
 * list exactly as its own GET reads it, and shows as a change against the program.
 */
import fc from "fast-check";
import { withoutSecrets, KINDS } from "../../api";
import { FORM_FIELDS } from "../../api/kinds/form/fields";
import { EVENT_STREAM_FIELDS } from "../../api/kinds/event-stream/contract";
import { normaliseEventStream } from "../../api/kinds/event-stream/provider";
import { normaliseForm } from "../../api/kinds/form/provider";
import { providerFor } from "../fixtures/providers";
import { destinationArb, eventStreamArb, formArb } from "../unit/provider/arbitraries";
import { call, eventStreamProvider, formProvider, startHarness, type ProviderHarness } from "./helpers";
import { createAll, newProcess } from "./list-support";
import type { ResourceProvider } from "@pulumi/pulumi/dynamic";

jest.setTimeout(300_000);

/** Runs per field: each run is a real change of that field (and maybe of others). */
const RUNS_PER_FIELD = 6;
const policyProvider = providerFor("rateLimitPolicy");
type Json = Record<string, unknown>;

/** One kind under test: its provider, API path, managed fields that can change in place, and normalisation. */
interface KindCase {
  label: string;
  provider: ResourceProvider;
  path: string;
  fields: readonly string[];
  /** The object as a program declares it, and another whose fields the hand edit takes. */
  original: fc.Arbitrary<Json>;
  other: fc.Arbitrary<Json>;
  /** The PATCH body that gives `fields` the other object's values (`null` clears). */
  patch(fields: string[], other: Json): Json;
  /** Comparable content of a field (secrets the API never returns left out). */
  comparable(value: Json, field: string): unknown;
  /** The original made unique in the tenant, when the tenant allows one of a kind (policies: per selector). */
  unique?(original: Json, run: number): Json;
}

const webhookDestination = destinationArb.filter((destination) => destination.type === "webhook");
const webhookStream = eventStreamArb.chain((stream) =>
  webhookDestination.map((destination) => ({ ...stream, destination })),
);

const configurationArb = fc.oneof(
  fc.constant({ action: "allow" }),
  fc.record({ action: fc.constantFrom("block", "log"), limit: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({
    action: fc.constant("redirect"),
    limit: fc.integer({ min: 0, max: 10_000 }),
    redirect_uri: fc.webUrl({ validSchemes: ["https"] }),
  }),
);

const CASES: KindCase[] = [
  {
    label: "form",
    provider: formProvider,
    path: "/forms",
    fields: FORM_FIELDS,
    original: formArb as fc.Arbitrary<Json>,
    other: formArb as fc.Arbitrary<Json>,
    // `start` names nodes: a hand edit of either sends both, as one consistent pair.
    patch: (fields, other) => {
      const sent = fields.includes("nodes") || fields.includes("start") ? [...fields, "nodes", "start"] : fields;
      return Object.fromEntries([...new Set(sent)].map((field) => [field, other[field] ?? null]));
    },
    comparable: (value, field) => normaliseForm(value)[field],
  },
  {
    label: "event stream",
    provider: eventStreamProvider,
    path: "/event-streams",
    fields: EVENT_STREAM_FIELDS,
    original: webhookStream as fc.Arbitrary<Json>,
    other: webhookStream as fc.Arbitrary<Json>,
    patch: (fields, other) =>
      Object.fromEntries(
        fields.map((field) => [field, field === "status" ? (other.status ?? "disabled") : other[field]]),
      ),
    comparable: (value, field) =>
      normaliseEventStream(withoutSecrets(value, KINDS.eventStream.secretPaths) as Json)[field],
  },
  {
    label: "rate limit policy",
    provider: policyProvider,
    path: "/rate-limit-policies",
    // resource, consumer and consumer_selector cannot change in place: a changed one is another policy (a re-creation).
    fields: ["configuration"],
    original: configurationArb.map((configuration) => ({
      resource: "oauth_authentication_api",
      consumer: "client",
      consumer_selector: "default",
      configuration,
    })),
    other: configurationArb.map((configuration) => ({ configuration })),
    patch: (_fields, other) => ({ configuration: other.configuration }),
    comparable: (value, field) => value[field],
    unique: (original, run) => ({ ...original, consumer_selector: `client_id:list-property-${run}` }),
  },
];

describe("reads through list snapshots miss nothing", () => {
  let harness: ProviderHarness;
  let runs = 0;
  beforeAll(async () => {
    harness = await startHarness({ rateLimit: 100_000 });
  });
  afterAll(async () => harness.close());

  for (const kind of CASES) {
    for (const field of kind.fields) {
      it(`${kind.label}: ${field} changed by hand is read through the list as its GET reads it`, async () => {
        const others = fc.subarray(kind.fields.filter((f) => f !== field) as string[]);
        await fc.assert(
          fc.asyncProperty(kind.original, kind.other, others, async (original, other, alsoChanged) => {
            const changed = [field, ...alsoChanged];
            const body = kind.patch(changed, other);
            // A real change of the field under test (the others may or may not change).
            fc.pre(
              JSON.stringify(kind.comparable(original, field)) !==
                JSON.stringify(kind.comparable({ ...original, ...body } as Json, field)),
            );
            newProcess(harness);
            runs += 1;
            const declared = kind.unique?.(original, runs) ?? original;
            const [stored] = await createAll(kind.provider, [declared]);
            try {
              const edit = await harness.admin("PATCH", `${kind.path}/${stored.id}`, body);
              expect(edit.status).toBe(200);
              newProcess(harness);
              const throughList = await call(kind.provider, "read")(stored.id, stored.outs);
              newProcess(harness, "get");
              const byGet = await call(kind.provider, "read")(stored.id, stored.outs);
              expect(throughList).toEqual(byGet);
              expect(JSON.stringify(kind.comparable(throughList.props, field))).not.toBe(
                JSON.stringify(kind.comparable(stored.outs, field)),
              );
              expect((await call(kind.provider, "diff")(stored.id, throughList.props, declared)).changes).toBe(true);
            } finally {
              await harness.admin("DELETE", `${kind.path}/${stored.id}`);
            }
          }),
          { numRuns: RUNS_PER_FIELD },
        );
      });
    }
  }
});
