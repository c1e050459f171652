/**
 * The resource classes made from the table of kinds.
 * Generated from the table of kinds by `npm run classes` (scripts/classes.ts): do not edit.
 */
export * from "./form";
export * from "./event-stream";
export * from "./login-template";
export * from "./rate-limit-policy";
export * from "./flow";
export * from "./flow-vault-connection";
export * from "./action";
export * from "./trigger-bindings";
export * from "./prompt-settings";
export * from "./prompt-custom-text";
export * from "./prompt-screen-partials";
export * from "./branding";
export * from "./branding-theme";
