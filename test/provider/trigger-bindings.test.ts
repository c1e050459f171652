/**
 * TriggerBindings provider methods against a started tenant server: the keyed singleton's
 * lifecycle (one list per trigger, PATCH of the whole list, delete writes it empty), what
 * `check` refuses at preview (an action the tenant lacks, or one that does not support the
 * trigger), the takeover rule, refresh seeing a binding removed by hand, the lookup, and
 * `generate` writing each bound action as a reference to its Action resource.
 */
import { getTriggerBindings } from "../../provider/index";
import { modelOf } from "../../provider/cli/generate/model";
import { readTenant } from "../../provider/cli/generate/snapshot";
import { ResourceRef } from "../../provider/lifecycle/generator";
import { UNKNOWN } from "../../provider/lifecycle/shared";
import { sharedClient } from "../../provider/runtime";
import { call, dispatchingProvider, startHarness, type ProviderHarness } from "./helpers";

const provider = dispatchingProvider("triggerBindings");
const bindingsPath = (trigger: string) => `/actions/triggers/${trigger}/bindings`;

describe("TriggerBindings provider", () => {
  let harness: ProviderHarness;
  const origin = () => new URL(harness.server.url).origin;
  /** A deployed action of the tenant supporting `trigger`: its id. */
  const deployedAction = async (name: string, trigger = "post-login") => {
    const created = await harness.admin("POST", "/actions/actions", {
      name,
      supported_triggers: [{ id: trigger }],
      code: "exports.handler = async () => {};",
    });
    expect(created.status).toBe(201);
    expect((await harness.admin("POST", `/actions/actions/${created.json.id}/deploy`)).status).toBe(200);
    // The tenant deploys in the background, as the service does: bind it once it is live.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      if ((await harness.admin("GET", `/actions/actions/${created.json.id}`)).json.deployed_version) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return created.json.id as string;
  };
  /** The tenant's list for `trigger`: `[action id, display name]` in order. */
  const bound = async (trigger: string) =>
    (
      (await harness.admin("GET", bindingsPath(trigger))).json.bindings as {
        action: { id: string };
        display_name: string;
      }[]
    ).map((binding) => [binding.action.id, binding.display_name]);

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness.close());
  afterEach(async () => {
    for (const trigger of ["post-login", "pre-user-registration"])
      await harness.admin("PATCH", bindingsPath(trigger), { bindings: [] });
  });

  it("refuses at preview an action the tenant lacks and one that does not support the trigger; unknown ids wait", async () => {
    const login = await deployedAction("enrich-profile-check");
    const missing = "2f5c4e9a-6d3b-4a8e-9c1f-7b2d5e8a4c60";
    const checked = await call(provider, "check")(
      {},
      { trigger_id: "pre-user-registration", actions: [{ id: login }, { id: UNKNOWN }, { id: missing }] },
    );
    expect(checked.failures).toEqual([
      {
        property: "actions[0].id",
        reason: expect.stringContaining(
          `the action enrich-profile-check (${login}) supports post-login, not pre-user-registration: bind it to post-login instead`,
        ),
      },
      {
        property: "actions[2].id",
        reason: expect.stringContaining(`has no action ${missing} to bind to pre-user-registration`),
      },
    ]);
    // The same action on its own trigger passes; an unknown trigger is the schema's word.
    expect(
      (await call(provider, "check")({}, { trigger_id: "post-login", actions: [{ id: login }] })).failures,
    ).toEqual([]);
    const unknownTrigger = await call(provider, "check")({}, { trigger_id: "post-logon", actions: [] });
    expect(unknownTrigger.failures?.[0]?.property).toBe("trigger_id");
  });

  it("sets the list in order, reads it back in the program's shape, reorders it, and empties it on delete", async () => {
    const render = await deployedAction("render-form");
    const enrich = await deployedAction("enrich-profile");
    const inputs = {
      trigger_id: "post-login",
      actions: [{ id: render, display_name: "Render the form" }, { id: enrich }],
    };
    expect((await call(provider, "check")({}, inputs)).failures).toEqual([]);
    const created = await call(provider, "create")(inputs);
    expect(created).toEqual({ id: "post-login", outs: { ...inputs, tenantOrigin: origin() } });
    expect(await bound("post-login")).toEqual([
      [render, "Render the form"],
      [enrich, "enrich-profile"],
    ]);

    // The display name the tenant filled in (the action's name) is not the program's: no difference.
    const read = await call(provider, "read")("post-login", created.outs);
    expect(read).toEqual({ id: "post-login", props: { ...inputs, tenantOrigin: origin() }, inputs });
    expect(await call(provider, "diff")("post-login", read.props, inputs)).toEqual({ changes: false });
    // `pulumi import` (no state yet) reads the whole list, the tenant's display names included.
    expect((await call(provider, "read")("post-login", undefined as never)).props).toEqual({
      trigger_id: "post-login",
      actions: [
        { id: render, display_name: "Render the form" },
        { id: enrich, display_name: "enrich-profile" },
      ],
      tenantOrigin: origin(),
    });

    const reordered = {
      trigger_id: "post-login",
      actions: [{ id: enrich }, { id: render, display_name: "Render the form" }],
    };
    expect(await call(provider, "diff")("post-login", read.props, reordered)).toEqual({ changes: true });
    await call(provider, "update")("post-login", read.props, reordered);
    expect((await bound("post-login")).map(([id]) => id)).toEqual([enrich, render]);

    // Another trigger is another object: replaced.
    expect(
      await call(provider, "diff")("post-login", reordered, { trigger_id: "pre-user-registration", actions: [] }),
    ).toEqual({ changes: true, replaces: ["trigger_id"] });

    await call(provider, "delete")("post-login", { ...reordered, tenantOrigin: origin() });
    expect(await bound("post-login")).toEqual([]);
  });

  it("refresh sees a binding removed by hand: the list read has one action less, and diff names the change", async () => {
    const first = await deployedAction("first-step");
    const second = await deployedAction("second-step");
    const inputs = { trigger_id: "post-login", actions: [{ id: first }, { id: second }] };
    const created = await call(provider, "create")(inputs);
    await harness.admin("PATCH", bindingsPath("post-login"), {
      bindings: [{ ref: { type: "action_id", value: first } }],
    });
    const read = await call(provider, "read")("post-login", created.outs);
    expect(read.props?.actions).toEqual([{ id: first }]);
    // How the engine sees drift on refresh: diff of the refreshed outputs with the inputs.
    expect(await call(provider, "diff")("post-login", read.props, inputs)).toEqual({ changes: true });
  });

  it("refuses to take over a different existing list unless adopt is set; adopt writes nothing when it matches", async () => {
    const mine = await deployedAction("mine");
    const theirs = await deployedAction("theirs");
    await harness.admin("PATCH", bindingsPath("post-login"), {
      bindings: [{ ref: { type: "action_id", value: theirs } }],
    });
    const refused = await call(provider, "check")({}, { trigger_id: "post-login", actions: [{ id: mine }] });
    expect(refused.failures).toEqual([
      {
        property: "adopt",
        reason: expect.stringContaining("already has a different trigger bindings (post-login: 1. theirs)"),
      },
    ]);
    const same = { trigger_id: "post-login", actions: [{ id: theirs }], adopt: true };
    expect((await call(provider, "check")({}, same)).failures).toEqual([]);
    const before = (await harness.admin("GET", bindingsPath("post-login"))).json.bindings[0].updated_at;
    await call(provider, "create")(same);
    expect((await harness.admin("GET", bindingsPath("post-login"))).json.bindings[0].updated_at).toBe(before);
  });

  it("looks up one trigger's list; a trigger with none answers an empty list", async () => {
    const looked = await deployedAction("looked-up");
    await harness.admin("PATCH", bindingsPath("post-login"), {
      bindings: [{ ref: { type: "action_id", value: looked }, display_name: "Looked up" }],
    });
    const { clientId, clientSecret } = harness.server.credentials;
    const settings = { domain: harness.server.url, clientId, clientSecret };
    await expect(getTriggerBindings({ trigger_id: "post-login" }, { settings })).resolves.toEqual({
      trigger_id: "post-login",
      actions: [{ id: looked, display_name: "Looked up" }],
    });
    await expect(getTriggerBindings({ trigger_id: "pre-user-registration" }, { settings })).resolves.toEqual({
      trigger_id: "pre-user-registration",
      actions: [],
    });
  });

  it("generate reads every trigger's list and writes each action as a reference to its Action resource", async () => {
    const action = await deployedAction("generated-step", "pre-user-registration");
    await harness.admin("PATCH", bindingsPath("pre-user-registration"), {
      bindings: [{ ref: { type: "action_id", value: action } }],
    });
    const lines: string[] = [];
    const snapshot = await readTenant(sharedClient(), { progress: (line) => lines.push(line) });
    expect(snapshot.objects.triggerBindings).toEqual([
      { trigger_id: "pre-user-registration", actions: [{ id: action, display_name: "generated-step" }] },
    ]);
    expect(lines).toContain("trigger bindings: pre-user-registration: 1. generated-step");
    const model = modelOf(snapshot);
    const bindings = model.resources.find((resource) => resource.kind === "TriggerBindings")!;
    const actionResource = model.resources.find((resource) => resource.kind === "Action" && resource.id === action)!;
    expect(bindings.id).toBe("pre-user-registration");
    const [first] = bindings.args.actions as { id: unknown }[];
    expect(first.id).toEqual(new ResourceRef(actionResource.name, "Action", action));
    // The Action is declared before the bindings that reference it.
    expect(model.resources.indexOf(actionResource)).toBeLessThan(model.resources.indexOf(bindings));
  });
});
