/**
 * The benchmark's stack of mixed resources through the resource plugin, on the generated
 * Node SDK (sdk/nodejs): the same objects as ../tenant (dynamic providers), from ../scenario.ts.
 */
import * as tenant from "../../../sdk/nodejs";
import { declareScenario } from "../scenario";

export = declareScenario(tenant);
