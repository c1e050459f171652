/**
 * The state-bytes probe's reading of an exported deployment (bench/probe-state.ts): a tenant
 * resource's entry, the door's own parts apart, the stack and providers left out.
 */
import { bytesTable, kindOfType, resourceBytes } from "../../../bench/probe-state";

const PROVIDER_TEXT = "exports.handler=()=>p;";
const URN = "urn:pulumi:dev::p::pulumi-nodejs:dynamic/tenant:Form::signup";

const deployment = {
  resources: [
    { urn: "urn:pulumi:dev::p::pulumi:pulumi:Stack::p-dev", type: "pulumi:pulumi:Stack", custom: false },
    { urn: "urn:pulumi:dev::p::pulumi:providers:tenant::default", type: "pulumi:providers:tenant", custom: true },
    {
      urn: URN,
      type: "pulumi-nodejs:dynamic/tenant:Form",
      custom: true,
      inputs: { __provider: PROVIDER_TEXT, managedBy: URN, name: "Sign-up" },
      outputs: { __provider: PROVIDER_TEXT, managedBy: URN, name: "Sign-up", id: "ap_1" },
    },
    {
      urn: "urn:pulumi:dev::p::tenant:index:Form::signup",
      type: "tenant:index:Form",
      custom: true,
      inputs: { name: "Sign-up" },
      outputs: { name: "Sign-up", id: "ap_1" },
    },
  ],
};

test("a resource's kind is the last part of its type, for both doors", () => {
  expect(kindOfType("pulumi-nodejs:dynamic/tenant:Form")).toBe("Form");
  expect(kindOfType("tenant:index:BrandingTheme")).toBe("BrandingTheme");
});

test("each tenant resource's entry is measured whole, with the dynamic door's own keys apart", () => {
  const [dynamic, plugin, ...rest] = resourceBytes(deployment);
  expect(rest).toEqual([]);
  expect(dynamic).toEqual({
    kind: "Form",
    total: JSON.stringify(deployment.resources[2]).length,
    providerText: 2 * `"__provider":${JSON.stringify(PROVIDER_TEXT)},`.length,
    managedBy: 2 * `"managedBy":${JSON.stringify(URN)},`.length,
  });
  expect(plugin).toEqual({
    kind: "Form",
    total: JSON.stringify(deployment.resources[3]).length,
    providerText: 0,
    managedBy: 0,
  });
});

test("the table has a row per kind and a column per door, the door's own bytes in brackets", () => {
  const [dynamic, plugin] = resourceBytes(deployment);
  const table = bytesTable({ tenant: [dynamic!], plugin: [plugin!] });
  expect(table.split("\n")).toEqual([
    "| kind | tenant: bytes per resource | plugin: bytes per resource |",
    "| --- | --- | --- |",
    `| Form | ${dynamic!.total} (${dynamic!.providerText + dynamic!.managedBy} door's own) | ${plugin!.total} |`,
    `| all 1 kinds, summed | ${dynamic!.total} | ${plugin!.total} |`,
  ]);
});
