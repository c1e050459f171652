/**
 * The plugin's scenario through a YAML (no SDK) program: see language-scenario.ts. What only this
 * suite shows: the plugin's schema types a program with no SDK (every kind, lookups by
 * `fn::invoke`, explicit providers), and the secrets of such a program stay out of the state and
 * the output. Its other steps are checked once elsewhere: the invalid input and the destroy on
 * three tenants by languages-nodejs.test.ts; the no-op up, the update, drift and the import by id
 * by plugin-lifecycle.test.ts and plugin-parity.test.ts (see languages-nodejs.test.ts); the import
 * of a YAML program, with no change after, by generate-plugin.test.ts ("after the printed config
 * lines, pulumi import adopts every object with 0 writes").
 */
import { describeLanguage } from "./language-scenario";

describeLanguage("yaml", []);
