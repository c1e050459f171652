/**
 * The stack traces the Pulumi SDK takes while a program declares the dynamic classes'
 * resources (provider/generated): the cases are stack-trace-cases.ts's.
 */
import { stackTraceCases } from "./stack-trace-cases";

stackTraceCases(
  "the dynamic classes'",
  async (name) => {
    const { Flow } = await import("../../../provider/generated");
    new Flow(name, { name });
  },
  /stack-traces\.test\.ts$/,
  /[\\/]provider[\\/](lifecycle|generated)[\\/]/,
);
