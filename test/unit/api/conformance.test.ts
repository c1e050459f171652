/**
 * Conformance of the contract (api/) and of the provider's `check` to the real
 * service's published schema: each hand-built example the published schema accepts is
 * accepted by both, and each it refuses is refused by both, naming the property. Then
 * fast-check over the published component union. The same examples go to the tenant
 * server in test/server/conformance.test.ts.
 */
import fc from "fast-check";
import { eventStreamCreateSchema, eventStreamUpdateSchema } from "../../../api/kinds/event-stream/contract";
import { compileValidator, contractFormats, createAjv, type Validator } from "../../../api";
import { templatePutSchema } from "../../../api/kinds/login-template/contract";
import { formCreateSchema, formUpdateSchema } from "../../../api/kinds/form/contract";
import { checkEventStream, checkForm } from "../provider/lifecycle-helpers";
import { checkSingletonInputs } from "../../../provider/lifecycle/singleton";
import type { JsonObject } from "../../../provider/lifecycle/shared";
import { COMPONENT_TYPES, COMPONENTS, componentArb, refusedComponentArb } from "../../conformance/components";
import {
  ACTION_DESTINATION_PATCH,
  EVENT_STREAM_CREATE,
  EVENT_STREAM_UPDATE,
  EVENT_TYPE_RULES,
  FORM_CREATE,
  FORM_FORMAT_RULES,
  FORM_UPDATE,
  MINIMAL_COMPONENTS,
  TEMPLATE_PUT,
  type Example,
  type Refused,
} from "../../conformance/examples";
import { INVALID_INPUTS } from "../../conformance/invalid-inputs";

/** The login page template's check without the tenant (the singleton lifecycle's, with its hooks). */
const checkLoginTemplate = (news: Record<string, unknown>) => checkSingletonInputs("loginTemplate", news);

const ajv = createAjv(contractFormats);
const validators: Record<string, Validator> = {
  formCreate: compileValidator(formCreateSchema, ajv),
  formUpdate: compileValidator(formUpdateSchema, ajv),
  eventStreamCreate: compileValidator(eventStreamCreateSchema, ajv),
  eventStreamUpdate: compileValidator(eventStreamUpdateSchema, ajv),
  templatePut: compileValidator(templatePutSchema, ajv),
};

type Check = (body: unknown) => { property: string; reason: string }[];
const failures = (result: { failures?: readonly { property: string; reason: string }[] }) => [
  ...(result.failures ?? []),
];
const checks: Record<string, Check> = {
  form: (body) => failures(checkForm(body as JsonObject)),
  eventStream: (body) => failures(checkEventStream(body as JsonObject)),
  template: (body) =>
    failures(checkLoginTemplate(typeof body === "string" ? { template: body } : (body as JsonObject))),
};

const names = (list: Example[]) => list.map((example) => [example.name, example] as const);

describe.each([
  ["POST /forms", FORM_CREATE, "formCreate", "form"],
  ["PATCH /forms/{id}", FORM_UPDATE, "formUpdate", undefined],
  ["POST /event-streams", EVENT_STREAM_CREATE, "eventStreamCreate", "eventStream"],
  ["PATCH /event-streams/{id}", EVENT_STREAM_UPDATE, "eventStreamUpdate", undefined],
  ["PUT /branding/templates/universal-login", TEMPLATE_PUT, "templatePut", "template"],
] as const)("%s", (_operation, examples, validator, check) => {
  test.each(names(examples.accepted))("accepts %s", (_name, example) => {
    expect(validators[validator](example.body)).toBeUndefined();
    if (check) expect(checks[check](example.body)).toEqual([]);
  });

  test.each(names(examples.refused))("refuses %s, naming the property", (_name, example) => {
    const { property } = example as Refused;
    expect(validators[validator](example.body)).toEqual({ property, message: expect.any(String) });
    if (check) expect(checks[check](example.body).map((failure) => failure.property)).toContain(property);
  });
});

describe("rules the published schema leaves to the project", () => {
  test.each(names(FORM_FORMAT_RULES))("formats it names without defining: refuses %s", (_name, example) => {
    const { property } = example as Refused;
    expect(validators.formCreate(example.body)).toEqual({ property, message: expect.any(String) });
    expect(checks.form(example.body).map((failure) => failure.property)).toContain(property);
  });

  test("event types are an open set: check takes a well-formed unknown type, refuses a malformed one", () => {
    expect(checks.eventStream(EVENT_TYPE_RULES.unknownToTenant.body)).toEqual([]);
    expect(checks.eventStream(EVENT_TYPE_RULES.malformed.body).map((failure) => failure.property)).toEqual([
      EVENT_TYPE_RULES.malformed.property,
    ]);
  });

  test("an action stream's PATCH carrying its destination: the published schema takes it (the tenant refuses it)", () => {
    expect(validators.eventStreamUpdate(ACTION_DESTINATION_PATCH.body)).toBeUndefined();
  });

  test("every next_node resolves: a dangling JUMP_BUTTON target fails check naming it", () => {
    const body = {
      name: "x",
      nodes: [
        {
          id: "s",
          type: "STEP",
          config: {
            components: [
              { id: "j", category: "BLOCK", type: "JUMP_BUTTON", config: { text: "Go", next_node: "nowhere" } },
            ],
          },
        },
      ],
    };
    expect(validators.formCreate(body)).toBeUndefined();
    expect(checks.form(body)).toEqual([
      { property: "nodes[0].config.components[0].config.next_node", reason: expect.stringContaining("nowhere") },
    ]);
  });
});

describe("what a program passes untyped (the fidelity program's inputs)", () => {
  test.each(INVALID_INPUTS.map((input) => [input.what, input] as const))(
    "check refuses %s, naming the property",
    (_what, input) => {
      const named = [
        ...(input.forms ?? []).flatMap((form) => checks.form(form)),
        ...(input.streams ?? []).flatMap((stream) => checks.eventStream(stream)),
      ].map((failure) => failure.property);
      expect(named).toContain(input.property);
    },
  );
});

describe("the published component union", () => {
  test("the examples and generators cover all 27 component types", () => {
    expect(COMPONENT_TYPES).toHaveLength(27);
    expect(new Set(MINIMAL_COMPONENTS.map((component) => component.type))).toEqual(new Set(COMPONENT_TYPES));
    expect(new Set(Object.values(COMPONENTS).map((entry) => entry.category))).toEqual(
      new Set(["BLOCK", "WIDGET", "FIELD"]),
    );
  });

  const inForm = (components: unknown[]) => ({
    name: "fc",
    nodes: [{ id: "step_1", type: "STEP", config: { components, next_node: "$ending" } }],
  });

  test("any component the published schema accepts is accepted by the contract and by check", () => {
    fc.assert(
      fc.property(fc.array(componentArb, { minLength: 1, maxLength: 4 }), (components) => {
        const body = inForm(components);
        expect(validators.formCreate(body)).toBeUndefined();
        expect(checks.form(body)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  test("a component the published schema refuses is refused by both, naming the property", () => {
    fc.assert(
      fc.property(refusedComponentArb, fc.nat(2), (refused, position) => {
        const valid = MINIMAL_COMPONENTS.slice(0, position);
        const body = inForm([...valid, refused.component]);
        const property = `nodes[0].config.components[${position}].${refused.property}`;
        expect(validators.formCreate(body)).toEqual({ property, message: expect.any(String) });
        expect(checks.form(body).map((failure) => failure.property)).toContain(property);
      }),
      { numRuns: 300 },
    );
  });
});
