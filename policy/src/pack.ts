/**
 * The tenant policy pack: `pulumi preview --policy-pack <this package's folder>` runs this
 * module (the package's `main`). Its rules are in policies.ts and rules/.
 */
import { PolicyPack } from "@pulumi/policy";
import { POLICIES } from "./policies";

// The package's name: previews print `pulumi-tenant-policy@v<version>`, as the guide and npm name it.
new PolicyPack("pulumi-tenant-policy", { policies: POLICIES });
