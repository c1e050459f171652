/** Refresh at the cost of what changed, dynamic providers, at 150 + 150: see refresh-cost-scenario.ts. */
import { describeRefreshCost } from "./refresh-cost-scenario";

describeRefreshCost("refresh-cost-full", { forms: 150, streams: 150, tests: "every" });
