import * as pulumi from "@pulumi/pulumi";
import { adoption, type AdoptionRecord } from "../../../provider/adoption";

const record: AdoptionRecord = {
  tenant: "https://dev-tenant.eu.auth0.com",
  ids: { signup: "ap_6Fq2Nf7qL3mXcVbT8wRyK1", enrich: "af_2Nf7qL3mXcVbT8wRyK1pDz" },
};

/** Sets the stack configuration the program reads (the runtime keeps it per process). */
function configure(values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) pulumi.runtime.setConfig(key, value ?? "");
}

describe("adoption: the generated program's ids answered only on the tenant they were read from", () => {
  const savedDomain = process.env.AUTH0_DOMAIN;
  beforeEach(() => {
    delete process.env.AUTH0_DOMAIN;
    configure({ "tenant:domain": undefined, "prod:domain": undefined });
  });
  afterAll(() => {
    if (savedDomain === undefined) delete process.env.AUTH0_DOMAIN;
    else process.env.AUTH0_DOMAIN = savedDomain;
  });

  it("on the source tenant each resource adopts its recorded id, and the singleton adopts", () => {
    configure({ "tenant:domain": "dev-tenant.eu.auth0.com" });
    const adopt = adoption(record);
    expect(adopt.onSourceTenant).toBe(true);
    expect(adopt.id("signup")).toBe("ap_6Fq2Nf7qL3mXcVbT8wRyK1");
    expect(adopt.id("enrich")).toBe("af_2Nf7qL3mXcVbT8wRyK1pDz");
    expect(adopt.singleton).toBe(true);
    expect(adopt.id("notRecorded")).toBeUndefined();
    expect(adopt.id("constructor")).toBeUndefined();
  });

  it("the same tenant under another spelling of its domain still adopts", () => {
    for (const spelling of [
      "Dev-Tenant.EU.auth0.com",
      "https://dev-tenant.eu.auth0.com/",
      "https://dev-tenant.eu.auth0.com:443",
      " dev-tenant.eu.auth0.com ",
    ]) {
      configure({ "tenant:domain": spelling });
      expect({ spelling, id: adoption(record).id("signup") }).toEqual({ spelling, id: "ap_6Fq2Nf7qL3mXcVbT8wRyK1" });
    }
  });

  it("on any other tenant nothing is adopted: every resource creates its own object", () => {
    for (const other of [
      "prod-tenant.eu.auth0.com",
      "http://dev-tenant.eu.auth0.com",
      "dev-tenant.eu.auth0.com:8443",
    ]) {
      configure({ "tenant:domain": other });
      const adopt = adoption(record);
      expect({ other, onSource: adopt.onSourceTenant, id: adopt.id("signup"), singleton: adopt.singleton }).toEqual({
        other,
        onSource: false,
        id: undefined,
        singleton: undefined,
      });
    }
  });

  it("reads AUTH0_DOMAIN when tenant:domain is not set, and the stack configuration first", () => {
    process.env.AUTH0_DOMAIN = "dev-tenant.eu.auth0.com";
    expect(adoption(record).id("signup")).toBe("ap_6Fq2Nf7qL3mXcVbT8wRyK1");
    configure({ "tenant:domain": "prod-tenant.eu.auth0.com" });
    expect(adoption(record).id("signup")).toBeUndefined();
  });

  it("another namespace reads its own domain, without the environment fallback", () => {
    process.env.AUTH0_DOMAIN = "dev-tenant.eu.auth0.com";
    expect(adoption(record, { tenant: "prod" }).onSourceTenant).toBe(false);
    configure({ "prod:domain": "https://dev-tenant.eu.auth0.com" });
    expect(adoption(record, { tenant: "prod" }).id("enrich")).toBe("af_2Nf7qL3mXcVbT8wRyK1pDz");
  });

  it("no domain, or one that is no domain, adopts nothing (the resources report the setting)", () => {
    expect(adoption(record).onSourceTenant).toBe(false);
    configure({ "tenant:domain": "ftp://dev-tenant.eu.auth0.com" });
    expect(adoption(record).id("signup")).toBeUndefined();
  });
});
