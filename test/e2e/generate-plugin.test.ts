/** `generate --language yaml` round trip over the plugin: see generate-plugin-scenario.ts. */
import { describeGeneratePlugin } from "./generate-plugin-scenario";

describeGeneratePlugin(["yaml"]);
