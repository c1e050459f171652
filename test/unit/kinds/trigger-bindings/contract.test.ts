/**
 * A trigger's bindings in the table: a singleton keyed by its trigger (its id and path from
 * the key's value), the program's `{trigger_id, actions}` to the PATCH body and back from the
 * GET answer, and the display names the tenant fills in left out of comparisons.
 */
import { KINDS, singletonIdIn, singletonPathOf } from "../../../../api";
import type { TenantReader } from "../../../../api/table/provider-hooks";
import {
  bindingIssues,
  bindingsFromResponse,
  bindingsRequest,
  comparableBindings,
  orderedBindingWords,
} from "../../../../api/kinds/trigger-bindings/provider";

const spec = KINDS.triggerBindings;

describe("trigger bindings in the table of kinds", () => {
  it("is a singleton per trigger: its id and its path are the trigger's", () => {
    expect(singletonIdIn(spec, { trigger_id: "post-login", actions: [] })).toBe("post-login");
    expect(singletonPathOf(spec, "post-login")).toBe("/actions/triggers/post-login/bindings");
    expect(singletonIdIn(spec, {})).toBeUndefined();
    // The template keeps its fixed id; a collection has none.
    expect(singletonIdIn(KINDS.loginTemplate, {})).toBe("universal-login");
    expect(singletonPathOf(KINDS.loginTemplate, "universal-login")).toBe(KINDS.loginTemplate.path);
    expect(singletonIdIn(KINDS.form, { id: "ap_1" })).toBeUndefined();
    expect(spec.singletonKey.values).toContain("pre-user-registration");
  });

  it("writes the whole list by reference to each action's id, in order; delete writes it empty", () => {
    expect(
      bindingsRequest({ trigger_id: "post-login", actions: [{ id: "a" }, { id: "b", display_name: "B" }] }),
    ).toEqual({
      bindings: [
        { ref: { type: "action_id", value: "a" } },
        { ref: { type: "action_id", value: "b" }, display_name: "B" },
      ],
    });
    expect(bindingsRequest({ trigger_id: "post-login", ...spec.singletonWrites.deleteWrites })).toEqual({
      bindings: [],
    });
  });

  it("reads the GET answer back in the program's words, in the tenant's order", () => {
    const answer = {
      bindings: [
        { id: "b1", trigger_id: "post-login", display_name: "Second", action: { id: "b", name: "b" } },
        { id: "b2", trigger_id: "post-login", display_name: "First", action: { id: "a", name: "a" } },
      ],
    };
    expect(bindingsFromResponse(answer, "post-login")).toEqual({
      trigger_id: "post-login",
      actions: [
        { id: "b", display_name: "Second" },
        { id: "a", display_name: "First" },
      ],
    });
    expect(bindingsFromResponse({ bindings: [] }, "post-login")).toEqual({ trigger_id: "post-login", actions: [] });
  });

  it("compares only the display names the program sets", () => {
    const current = {
      actions: [
        { id: "a", display_name: "a" },
        { id: "b", display_name: "Mine" },
        { id: "c", display_name: "c" },
      ],
    };
    expect(comparableBindings({ actions: [{ id: "a" }, { id: "b", display_name: "Mine" }] }, current)).toEqual({
      actions: [{ id: "a" }, { id: "b", display_name: "Mine" }, { id: "c", display_name: "c" }],
    });
  });

  it("refuses at preview bindings of a trigger that has none (entity-bound), reading nothing", async () => {
    const asked: string[] = [];
    const tenant = {
      domain: "tenant.example.com",
      origin: "https://tenant.example.com",
      list: async (kind: string) => {
        asked.push(kind);
        return [];
      },
    } as unknown as TenantReader;
    for (const trigger of ["event-stream", "custom-token-exchange", "password-hash-migration"]) {
      const issues = await bindingIssues({ trigger_id: trigger, actions: [] }, tenant);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.property).toBe("trigger_id");
      expect(issues[0]!.reason).toContain(`the trigger ${trigger} has no bindings`);
      expect(issues[0]!.reason).toContain("remove this resource");
    }
    expect(await bindingIssues({ trigger_id: "post-login", actions: [] }, tenant)).toEqual([]);
    expect(asked).toEqual([]);
  });

  it("words a list in its order", () => {
    expect(orderedBindingWords([{ id: "a", display_name: "render-form" }, { id: "b" }])).toBe("1. render-form  2. b");
    expect(orderedBindingWords([])).toBe("none");
  });
});
