/**
 * The engine's positional calls as typed requests (provider/dispatch/requests.ts): the one
 * place that reads the dynamic provider host's argument order, and where each call names
 * the tenant it works in.
 */
import { describe, expect, test } from "@jest/globals";
import { PROVIDER_METHODS, requestOf, tenantCarrier } from "../../../../provider/dispatch/requests";

const olds = { name: "old", tenant: "a" };
const news = { name: "new", tenant: "b" };

describe("requestOf", () => {
  test("names each argument of the host's order", () => {
    expect(requestOf("check", [olds, news])).toEqual({ method: "check", olds, news });
    expect(requestOf("diff", ["ap_1", olds, news])).toEqual({ method: "diff", id: "ap_1", olds, news });
    expect(requestOf("create", [news])).toEqual({ method: "create", inputs: news });
    expect(requestOf("read", ["ap_1", olds])).toEqual({ method: "read", id: "ap_1", props: olds });
    expect(requestOf("read", ["ap_1"])).toEqual({ method: "read", id: "ap_1", props: undefined });
    expect(requestOf("update", ["ap_1", olds, news])).toEqual({ method: "update", id: "ap_1", olds, news });
    expect(requestOf("delete", ["ap_1", olds])).toEqual({ method: "delete", id: "ap_1", props: olds });
  });

  test("an id that is no string is empty", () => {
    expect(requestOf("read", [undefined, olds])).toMatchObject({ id: "" });
  });

  test("an unknown method is refused by name", () => {
    expect(() => requestOf("explode", [])).toThrow('unknown provider method "explode"');
  });

  test("every method the host calls has a request", () => {
    for (const method of PROVIDER_METHODS) expect(requestOf(method, ["x", olds, news]).method).toBe(method);
  });
});

describe("tenantCarrier", () => {
  test("new inputs for check, create and update; the state's outputs for diff, read and delete", () => {
    expect(tenantCarrier(requestOf("check", [olds, news]))).toBe(news);
    expect(tenantCarrier(requestOf("create", [news]))).toBe(news);
    expect(tenantCarrier(requestOf("update", ["id", olds, news]))).toBe(news);
    // A diff works in the tenant the object lives in; naming another one is a replacement (methods.ts).
    expect(tenantCarrier(requestOf("diff", ["id", olds, news]))).toBe(olds);
    expect(tenantCarrier(requestOf("read", ["id", olds]))).toBe(olds);
    expect(tenantCarrier(requestOf("delete", ["id", olds]))).toBe(olds);
  });
});
