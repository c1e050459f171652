/**
 * One list per kind per pass through the resource plugin, at a few objects per kind: see
 * plugin-refresh-cost-scenario.ts (`npm run test:full` runs it at 120 + 120).
 */
import { describePluginRefreshCost } from "./plugin-refresh-cost-scenario";

describePluginRefreshCost("plugin-refresh-cost", { forms: 3, streams: 3, tests: "per-pass" });
