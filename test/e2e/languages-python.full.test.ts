/** The plugin's scenario through a Python program: see language-scenario.ts. */
import { describeLanguage } from "./language-scenario";

describeLanguage("python");
