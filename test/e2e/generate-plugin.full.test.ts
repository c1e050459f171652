/** `generate --language python|go` round trips over the plugin: see generate-plugin-scenario.ts. */
import { describeGeneratePlugin } from "./generate-plugin-scenario";

describeGeneratePlugin(["python", "go"]);
