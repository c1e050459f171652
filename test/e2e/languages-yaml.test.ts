/** The plugin's scenario through a YAML (no SDK) program: see language-scenario.ts. */
import { describeLanguage } from "./language-scenario";

describeLanguage("yaml");
