/**
 * The plugin's scenario through a TypeScript (generated Node SDK) program: see language-scenario.ts.
 * What only this suite shows through the engine: the plugin's check naming an invalid input, every
 * lookup as an invoke, two explicit `tenant.Provider` instances (their objects on their own tenants,
 * destroyed there), a component secret the SDK sends plain sealed in the state. The rest of the
 * lifecycle is checked once elsewhere: the no-op up with no write and the one-field update by
 * plugin-parity.test.ts ("a no-op up sends the same (no write) in both", "a one-field update: …")
 * and plugin-lifecycle.test.ts ("up, no-op up, update and destroy"); drift found by a refresh and
 * put back by plugin-lifecycle.test.ts ("trigger bindings: bound by reference, a binding removed by
 * hand is drift that up --refresh puts back") and plugin-parity.test.ts ("refresh: …"); the import
 * by id by plugin-lifecycle.test.ts ("pulumi import adopts a form by id, …", "pulumi import adopts
 * an event stream, …"). Python, Go and Java run every step in `npm run test:full`.
 */
import { describeLanguage } from "./language-scenario";

describeLanguage("nodejs", ["invalid input", "destroy"]);
