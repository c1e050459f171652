/** Form payload, normalisation, patch and diff. */

import { checkForm, diffForm, formPayload } from "../../provider/lifecycle-helpers";
import { formInputsFromOutputs, formOutputs, formPatch, normaliseForm } from "../../../../api/kinds/form/provider";

const stored = {
  id: "ap_1111111111111111111111",
  name: "Sign-up",
  nodes: [
    {
      id: "s",
      type: "STEP",
      config: { components: [{ id: "c", category: "FIELD", type: "TEXT", config: {} }], next_node: "$ending" },
    },
  ],
  ending: { resume_flow: true },
  created_at: "2026-01-16T08:50:33.955Z",
  updated_at: "2026-01-16T08:50:33.955Z",
  embedded_at: "2026-01-17",
};

describe("form state", () => {
  it("outputs keep the managed fields and the server's timestamps, not the id", () => {
    const outputs = formOutputs(stored);
    expect(outputs).toEqual({
      name: "Sign-up",
      nodes: stored.nodes,
      ending: { resume_flow: true },
      created_at: stored.created_at,
      updated_at: stored.updated_at,
      embedded_at: "2026-01-17",
    });
    expect(formInputsFromOutputs(outputs)).toEqual({
      name: "Sign-up",
      nodes: stored.nodes,
      ending: { resume_flow: true },
    });
  });

  it("outputs and read inputs keep the program's shape: no default ending the program did not set", () => {
    const outputs = formOutputs(stored, { name: "Sign-up", nodes: stored.nodes });
    expect(outputs.ending).toBeUndefined();
    expect(formInputsFromOutputs(outputs)).toEqual({ name: "Sign-up", nodes: stored.nodes });
    // A refresh reads with the old outputs as `previous`: still no phantom ending.
    expect(formInputsFromOutputs(formOutputs(stored, outputs))).toEqual({ name: "Sign-up", nodes: stored.nodes });
    // An ending set out of band is drift, and shows.
    const drifted = formOutputs(
      { ...stored, ending: { resume_flow: true, redirection: { target: "https://x.example" } } },
      outputs,
    );
    expect(drifted.ending).toEqual({ resume_flow: true, redirection: { target: "https://x.example" } });
    expect(diffForm(drifted, { name: "Sign-up", nodes: stored.nodes })).toEqual({ changes: true });
  });

  it("normalising drops empty objects and arrays but keeps components as given", () => {
    expect(
      normaliseForm({ name: "a", messages: {}, nodes: [], style: { css: "" }, start: { hidden_fields: [] } }),
    ).toEqual({ name: "a", style: { css: "" }, ending: { resume_flow: true } });
    const components = [{ id: "c", category: "BLOCK", type: "X", config: { items: [] } }];
    expect(normaliseForm({ name: "a", nodes: [{ id: "s", type: "STEP", config: { components } }] }).nodes).toEqual([
      { id: "s", type: "STEP", config: { components } },
    ]);
  });

  it("diff ignores server defaults, server-only fields, __provider and adoptId", () => {
    const outputs = formOutputs(stored);
    const inputs = {
      name: "Sign-up",
      nodes: stored.nodes,
      messages: {},
      adoptId: "ap_2222222222222222222222",
      __provider: "x",
    };
    expect(diffForm(outputs, inputs)).toEqual({ changes: false });
  });

  it("diff reports a renamed form as a change, never a replacement", () => {
    expect(diffForm(formOutputs(stored), { name: "Renamed", nodes: stored.nodes })).toEqual({ changes: true });
  });

  it("patch sends only changed keys and null for a removed key", () => {
    const current = normaliseForm({
      name: "a",
      style: { css: "x" },
      ending: { redirection: { target: "https://a.example" } },
    });
    const payload = formPayload({ name: "b", adoptId: "ignored", languages: { primary: "en" } });
    expect(formPatch(normaliseForm(payload), current, payload)).toEqual({
      name: "b",
      languages: { primary: "en" },
      style: null,
      ending: null,
    });
  });

  it("check rejects duplicate node ids and dangling router targets", () => {
    const result = checkForm({
      name: "x",
      nodes: [
        {
          id: "r",
          type: "ROUTER",
          config: { rules: [{ id: "r1", condition: {}, next_node: "gone" }], fallback: "$ending" },
        },
        { id: "r", type: "STEP" },
      ],
    });
    expect(result.failures?.map((f) => f.property)).toEqual(["nodes[1].id", "nodes[0].config.rules[0].next_node"]);
  });
});
