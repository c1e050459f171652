/** Which stack manages an object: the record per object, read from a resource's URN, and the preview's refusal. */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  adoptionFailure,
  forgetOwner,
  ownerOf,
  ownershipDir,
  recordOwner,
  stackOf,
} from "../../../provider/lifecycle/ownership";

const URN_A = "urn:pulumi:prod::shop::pulumi-nodejs:dynamic/tenant:Form::signup";
const URN_B = "urn:pulumi:dev::shop::pulumi-nodejs:dynamic/tenant:Form::other";

describe("ownership record", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "owners-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the stack from the resource's URN", () => {
    expect(stackOf({ managedBy: URN_A })).toBe("shop/prod");
    expect(stackOf({ managedBy: "not a urn" })).toBeUndefined();
    expect(stackOf({})).toBeUndefined();
  });

  it("records, reads and forgets an owner per kind and id; the folder is per tenant, under PULUMI_HOME", () => {
    recordOwner(dir, "form", "ap_1", "shop/prod");
    expect(ownerOf(dir, "form", "ap_1")).toBe("shop/prod");
    expect(ownerOf(dir, "eventStream", "ap_1")).toBeUndefined();
    forgetOwner(dir, "form", "ap_1");
    expect(ownerOf(dir, "form", "ap_1")).toBeUndefined();
    const home = ownershipDir("https://a.example.com/api/v2", { PULUMI_HOME: "/h" });
    expect(home).toMatch(/^\/h\/pulumi-tenant\/owners-[0-9a-f]{16}$/);
    expect(ownershipDir("https://b.example.com/api/v2", { PULUMI_HOME: "/h" })).not.toBe(home);
  });

  it("refuses adopting another stack's object unless force is set; its own and unrecorded objects pass", () => {
    recordOwner(dir, "form", "ap_1", "shop/prod");
    const failure = adoptionFailure("form", dir, { adoptId: "ap_1", managedBy: URN_B });
    expect(failure).toEqual({
      property: "adoptId",
      reason: expect.stringMatching(/^form ap_1 is managed by stack shop\/prod: .* set `force: true` to take it over/),
    });
    expect(adoptionFailure("form", dir, { adoptId: "ap_1", managedBy: URN_B, force: true })).toBeUndefined();
    expect(adoptionFailure("form", dir, { adoptId: "ap_1", managedBy: URN_A })).toBeUndefined();
    expect(adoptionFailure("form", dir, { adoptId: "ap_2", managedBy: URN_B })).toBeUndefined();
    recordOwner(dir, "loginTemplate", "universal-login", "shop/prod");
    expect(adoptionFailure("loginTemplate", dir, { adopt: true, managedBy: URN_B })?.property).toBe("adopt");
  });
});
