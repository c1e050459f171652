/**
 * One list per kind per pass, dynamic providers, at a few objects per kind: see
 * refresh-cost-scenario.ts (`npm run test:full` runs every test at 150 + 150).
 */
import { describeRefreshCost } from "./refresh-cost-scenario";

describeRefreshCost("refresh-cost", { forms: 3, streams: 3, tests: "per-pass" });
