/**
 * The stack traces the Pulumi SDK takes while a program declares the resources of the
 * plugin's Node SDK (sdk/nodejs, which carries a copy of provider/lifecycle/stack-formatting.ts):
 * the cases are stack-trace-cases.ts's.
 */
import { stackTraceCases } from "./stack-trace-cases";

stackTraceCases(
  "the plugin's Node SDK's",
  async (name) => {
    const tenant = await import("../../../sdk/nodejs");
    new tenant.Flow(name, { name });
  },
  /sdk-stack-traces\.test\.ts$/,
  /[\\/]sdk[\\/]nodejs[\\/]/,
);
