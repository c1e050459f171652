/**
 * The tenant server against the real service's published schema: the hand-built
 * examples of test/conformance (accepted ones are answered 2xx, refused ones 400
 * `invalid_body` naming the property), and generated components of the published union.
 * The same examples are checked against the contract and the provider's `check` in
 * test/unit/api/conformance.test.ts.
 */
import fc from "fast-check";
import { componentArb, refusedComponentArb } from "../conformance/components";
import {
  ACTION_DESTINATION_PATCH,
  EVENT_STREAM_CREATE,
  EVENT_STREAM_UPDATE,
  EVENT_TYPE_RULES,
  FORM_CREATE,
  FORM_FORMAT_RULES,
  FORM_UPDATE,
  FULL_FORM,
  MINIMAL_COMPONENTS,
  TEMPLATE_PUT,
  type Example,
  type PatchExample,
  type Refused,
} from "../conformance/examples";
import { expectError, startHarness, type Harness, type Reply } from "./helpers";

jest.setTimeout(120_000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const names = <T extends Example>(list: T[]) => list.map((example) => [example.name, example] as const);

/** A 400 `invalid_body` whose message names `property`. */
function expectRefusal(reply: Reply, property: string): void {
  const body = expectError(reply, 400, "invalid_body");
  expect(body.message).toContain(`on property ${property}.`);
}

describe("POST /forms", () => {
  test.each(names(FORM_CREATE.accepted))("accepts %s", async (_name, example) => {
    const reply = await h.call("POST", "/api/v2/forms", { body: example.body });
    expect([reply.status, reply.json?.message]).toEqual([201, undefined]);
  });

  test.each(names([...FORM_CREATE.refused, ...FORM_FORMAT_RULES]))(
    "refuses %s, naming the property",
    async (_name, example) => {
      expectRefusal(await h.call("POST", "/api/v2/forms", { body: example.body }), (example as Refused).property);
    },
  );

  test("components come back exactly as given (each of the 27 types)", async () => {
    const body = {
      name: "echo",
      nodes: [{ id: "step_1", type: "STEP", config: { components: MINIMAL_COMPONENTS, next_node: "$ending" } }],
    };
    const created = await h.call("POST", "/api/v2/forms", { body });
    expect((await h.call("GET", `/api/v2/forms/${created.json.id}`)).json.nodes).toEqual(body.nodes);
  });
});

describe("PATCH /forms/{id}", () => {
  let formId: string;
  beforeAll(async () => {
    formId = (await h.call("POST", "/api/v2/forms", { body: FULL_FORM })).json.id;
  });

  test.each(names(FORM_UPDATE.accepted))("accepts %s", async (_name, example) => {
    expect((await h.call("PATCH", `/api/v2/forms/${formId}`, { body: example.body })).status).toBe(200);
  });

  test.each(names(FORM_UPDATE.refused))("refuses %s, naming the property", async (_name, example) => {
    expectRefusal(
      await h.call("PATCH", `/api/v2/forms/${formId}`, { body: example.body }),
      (example as Refused).property,
    );
  });
});

describe("POST /event-streams", () => {
  test.each(names(EVENT_STREAM_CREATE.accepted))("accepts %s", async (_name, example) => {
    const reply = await h.call("POST", "/api/v2/event-streams", { body: example.body });
    expect([reply.status, reply.json?.message]).toEqual([201, undefined]);
  });

  test.each(names(EVENT_STREAM_CREATE.refused))("refuses %s, naming the property", async (_name, example) => {
    expectRefusal(await h.call("POST", "/api/v2/event-streams", { body: example.body }), (example as Refused).property);
  });

  test("the tenant refuses an event type it does not know, and a malformed one", async () => {
    for (const example of [EVENT_TYPE_RULES.unknownToTenant, EVENT_TYPE_RULES.malformed]) {
      expectRefusal(await h.call("POST", "/api/v2/event-streams", { body: example.body }), example.property);
    }
  });
});

describe("PATCH /event-streams/{id}", () => {
  const fixtures: Record<string, string> = {};
  beforeAll(async () => {
    const create = async (destination: unknown) =>
      (await h.call("POST", "/api/v2/event-streams", { body: { destination } })).json.id as string;
    fixtures.webhook = await create({
      type: "webhook",
      configuration: {
        webhook_endpoint: "https://h.example.com",
        webhook_authorization: { method: "bearer", token: "t" },
      },
    });
    fixtures.action = await create({ type: "action", configuration: { action_id: "act_fixture" } });
  });
  const path = (example: PatchExample) => `/api/v2/event-streams/${fixtures[example.fixture ?? "webhook"]}`;

  test.each(names(EVENT_STREAM_UPDATE.accepted))("accepts %s", async (_name, example) => {
    expect((await h.call("PATCH", path(example), { body: example.body })).status).toBe(200);
  });

  test.each(names(EVENT_STREAM_UPDATE.refused))("refuses %s, naming the property", async (_name, example) => {
    expectRefusal(await h.call("PATCH", path(example), { body: example.body }), (example as Refused).property);
  });

  test("refuses any destination on a stream with an action destination, as the real API does", async () => {
    const reply = await h.call("PATCH", path(ACTION_DESTINATION_PATCH), { body: ACTION_DESTINATION_PATCH.body });
    expect(expectError(reply, 400, "invalid_body").message).toContain(
      `The destination of event stream ${fixtures.action} (an action destination) cannot be updated`,
    );
  });
});

describe("PUT /branding/templates/universal-login", () => {
  test.each(names(TEMPLATE_PUT.accepted))("accepts %s", async (_name, example) => {
    expect([201, 204]).toContain(
      (await h.call("PUT", "/api/v2/branding/templates/universal-login", { body: example.body })).status,
    );
  });

  test.each(names(TEMPLATE_PUT.refused))("refuses %s, naming the property", async (_name, example) => {
    expectRefusal(
      await h.call("PUT", "/api/v2/branding/templates/universal-login", { body: example.body }),
      (example as Refused).property,
    );
  });
});

describe("generated components of the published union", () => {
  const inForm = (components: unknown[]) => ({
    name: "fc",
    nodes: [{ id: "step_1", type: "STEP", config: { components, next_node: "$ending" } }],
  });

  test("accepted ones are created and echoed", async () => {
    for (const components of fc.sample(fc.array(componentArb, { minLength: 1, maxLength: 5 }), { numRuns: 40 })) {
      const body = inForm(components);
      const reply = await h.call("POST", "/api/v2/forms", { body });
      expect([reply.status, reply.json?.message]).toEqual([201, undefined]);
      expect(reply.json.nodes[0].config.components).toEqual(JSON.parse(JSON.stringify(components)));
    }
  });

  test("refused ones are answered 400 naming the property", async () => {
    for (const refused of fc.sample(refusedComponentArb, { numRuns: 40 })) {
      expectRefusal(
        await h.call("POST", "/api/v2/forms", { body: inForm([refused.component]) }),
        `nodes[0].config.components[0].${refused.property}`,
      );
    }
  });
});
