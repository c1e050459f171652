/**
 * The benchmark's stack of mixed resources through the dynamic providers; the scenario and
 * the inputs are in ../scenario.ts (shared with the plugin program, ../plugin).
 */
import * as tenant from "pulumi-tenant";
import { declareScenario } from "../scenario";

export = declareScenario(tenant);
