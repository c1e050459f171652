/** The plugin's scenario through a TypeScript (generated Node SDK) program: see language-scenario.ts. */
import { describeLanguage } from "./language-scenario";

describeLanguage("nodejs");
