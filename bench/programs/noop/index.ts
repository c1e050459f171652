/**
 * The engine's floor: `count` dynamic resources whose provider does nothing (create echoes
 * the inputs, diff reports no change, no read or delete). Each carries the same inputs as
 * a form of the tenant program, so the difference between the two programs is what the
 * project's providers add, not the size of the data.
 */
import * as pulumi from "@pulumi/pulumi";

const cfg = new pulumi.Config();
const count = cfg.getNumber("count") ?? 0;

const noopProvider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `noop-${inputs.index}`, outs: inputs };
  },
  async diff() {
    return { changes: false };
  },
};

/** A resource that exists only in state. */
class Noop extends pulumi.dynamic.Resource {
  constructor(name: string, props: Record<string, pulumi.Input<unknown>>) {
    super(noopProvider, name, props, undefined, "bench", "Noop");
  }
}

for (let i = 0; i < count; i++) {
  new Noop(`noop-${i}`, {
    index: i,
    name: `Sign-up ${i}`,
    start: { next_node: "step_1" },
    nodes: [
      {
        id: "step_1",
        type: "STEP",
        config: {
          components: [{ id: "email", category: "FIELD", type: "EMAIL", required: true }],
          next_node: "flow_1",
        },
      },
      { id: "flow_1", type: "FLOW", config: { flow_id: "af_2Nf7qL3mXcVbT8wRyK1pDz", next_node: "$ending" } },
    ],
    style: { css: "body { color: #111; }" },
  });
}
