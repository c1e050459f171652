/** Refresh at the cost of what changed through the resource plugin, at 120 + 120: see plugin-refresh-cost-scenario.ts. */
import { describePluginRefreshCost } from "./plugin-refresh-cost-scenario";

describePluginRefreshCost("plugin-refresh-cost-full", { forms: 120, streams: 120, tests: "every" });
