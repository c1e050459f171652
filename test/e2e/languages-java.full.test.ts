/** The plugin's scenario through a Java program: see language-scenario.ts. */
import { describeLanguage } from "./language-scenario";

describeLanguage("java");
