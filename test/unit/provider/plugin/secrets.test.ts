/** The plugin's secret envelopes: reveal, carry the program's secrets over, seal the table's secret paths. */
import {
  carrySecrets,
  containsSecret,
  reveal,
  SECRET_SIG,
  SECRET_SIG_KEY,
  sealOutputs,
  secret,
} from "../../../../provider/schema/envelope";

const wrap = (value: unknown) => ({ [SECRET_SIG_KEY]: SECRET_SIG, value });

describe("plugin secrets", () => {
  it("reveals nested envelopes and finds them", () => {
    const sent = { a: wrap("x"), b: [1, { c: wrap({ d: 2 }) }], e: "plain" };
    expect(reveal(sent)).toEqual({ a: "x", b: [1, { c: { d: 2 } }], e: "plain" });
    expect(containsSecret(sent)).toBe(true);
    expect(containsSecret(reveal(sent))).toBe(false);
    expect(secret(wrap(1))).toEqual(wrap(1));
  });

  it("carries secretness key by key, item by item for arrays of the same length, else whole", () => {
    const ins = { name: wrap("n"), list: ["a", wrap("b")], other: [wrap("x")], keep: "k", obj: { s: wrap(1), t: 2 } };
    const outs = { name: "n", list: ["a", "b"], other: ["x", "y"], keep: "k", obj: { s: 1, t: 2 }, extra: "e" };
    expect(carrySecrets(outs, ins)).toEqual({
      name: wrap("n"),
      list: ["a", wrap("b")],
      other: wrap(["x", "y"]), // lengths differ: the whole array
      keep: "k",
      obj: { s: wrap(1), t: 2 },
      extra: "e",
    });
    expect(carrySecrets(outs, reveal(ins))).toBe(outs);
  });

  it("seals every declared secret of a kind, whatever the program sent", () => {
    const destination = {
      type: "webhook",
      configuration: {
        webhook_endpoint: "https://hooks.example.com",
        webhook_authorization: { method: "bearer", token: "t0ken" },
      },
    };
    const sealed = sealOutputs("eventStream", { name: "s", destination }, {}) as {
      destination: typeof destination;
    };
    expect(sealed.destination.configuration.webhook_authorization.token).toEqual(wrap("t0ken"));
    expect(sealed.destination.configuration.webhook_endpoint).toBe("https://hooks.example.com");
    // A policy has no secrets: nothing changes.
    const policy = {
      resource: "r",
      consumer: "client",
      consumer_selector: "default",
      configuration: { action: "allow" },
    };
    expect(sealOutputs("rateLimitPolicy", policy, {})).toEqual(policy);
  });
});
