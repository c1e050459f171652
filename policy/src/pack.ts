/**
 * The tenant policy pack: `pulumi preview --policy-pack <this package's folder>` runs this
 * module (the package's `main`). Its rules are in policies.ts and rules/.
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICIES } from "./policies";

new PolicyPack("pulumi-tenant", { policies: POLICIES });
