/** The plugin's scenario through a Go program: see language-scenario.ts. */
import { describeLanguage } from "./language-scenario";

describeLanguage("go");
