/**
 * The actions of a flow: the 25 integrations of the published API (`type`), each with its
 * actions (`action`) and their typed `params`, as the official SDK's generated models
 * (`FlowAction*`) state them. Our own schemas, written with the builder.
 *
 * Where the published types say a value is an open object (`Record<string, unknown>`, or
 * "accepts any additional properties"), any object is accepted; where they type a param, it
 * is checked, and a wrong one is refused with its path (`actions[0].params.url`). Most
 * params take templates (`{{fields.email}}`), so strings carry no format or length: the
 * service's own limits are not published, and refusing what it accepts is worse than
 * accepting what it may refuse.
 *
 * This file is long because it is a catalogue: 25 integrations, 61 actions, one short
 * declaration each.
 */
import {
  array,
  boolean,
  discriminated,
  enumOf,
  literal,
  number,
  object,
  openObject,
  record,
  string,
  union,
  unknown,
  type Properties,
  type Schema,
  type Static,
} from "../../schema/builder";

/** Any object: the published types leave it open. */
const anyObject = (description?: string) => openObject({}, { description });
/** A number or a (template) string, as the published types allow. */
const numberOrString = (description?: string) => union([number(), string()], { description });
/** Any string: a value, or a template such as `{{fields.email}}`. */
const text = (description?: string) => string({ description });
/** A JSON payload: a string, an array or an object. */
const payload = (description: string) => union([string(), array(unknown()), anyObject()], { description });
/** Query parameters: numbers, strings or null by name. */
const queryParams = () =>
  record(union([number(), string(), { type: "null" } as unknown as Schema<null>]), {
    description: "Query parameters to add to the URL, by name.",
  });

/** `params.connection_id`: the vault connection holding the integration's credentials. */
const connectionId = () =>
  string({
    minLength: 1,
    references: "flowVaultConnection",
    description: "The id of the flow vault connection (`ac_…`) whose credentials the action uses.",
  });

/** The fields every action carries besides its `params`. */
const actionFields = {
  id: string({
    minLength: 1,
    description: "The action's id, unique in the flow; later actions read its output as `{{actions.<id>}}`.",
  }),
  alias: string({ description: "A name for the action shown in the editor." }),
  allow_failure: boolean({ description: "Whether the flow goes on when the action fails." }),
  mask_output: boolean({ description: "Whether the action's output is hidden from the execution logs." }),
};

/**
 * One action of an integration: `type`, `action` and its `params` (`required` of them;
 * `paramsRequired` false where the published type makes `params` optional).
 */
function action<
  const T extends string,
  const A extends string,
  const P extends Properties,
  const R extends keyof P & string = never,
  const O extends boolean = false,
>(type: T, name: A, params: P, required: readonly R[] = [], options: { open?: O } = {}) {
  // Typed by `open` itself, so a closed object's type is closed (a misspelt param is a compile
  // error), not the union of the open and the closed one.
  const paramsSchema = (
    options.open
      ? openObject(params, { required, description: `The params of ${type} ${name}.` })
      : object(params, { required, description: `The params of ${type} ${name}.` })
  ) as O extends true ? ReturnType<typeof openObject<P, R>> : ReturnType<typeof object<P, R>>;
  return object(
    {
      ...actionFields,
      type: literal(type, { description: "The integration the action belongs to." }),
      action: literal(name, { description: "What the action does." }),
      params: paramsSchema,
    },
    { required: ["id", "type", "action", "params"] },
  );
}

/**
 * An integration's actions, chosen by `action`; the integration is a branch of the union
 * of every action, chosen by `type` (ajv's discriminator finds it by its `type` constant).
 */
function integration<const T extends string, const B extends readonly Schema<unknown>[]>(
  type: T,
  actions: B,
): Schema<Static<B[number]>> {
  return { ...discriminated("action", actions), properties: { type: literal(type) } } as Schema<Static<B[number]>>;
}

const email = () => text("An email address (or a template giving one).");

const ACTIVECAMPAIGN = integration("ACTIVECAMPAIGN", [
  action("ACTIVECAMPAIGN", "LIST_CONTACTS", { connection_id: connectionId(), email: email() }, [
    "connection_id",
    "email",
  ]),
  action(
    "ACTIVECAMPAIGN",
    "UPSERT_CONTACT",
    {
      connection_id: connectionId(),
      email: email(),
      first_name: text("The first name."),
      last_name: text("The last name."),
      phone: text("A phone number."),
      custom_fields: anyObject("Custom field values, by field id."),
    },
    ["connection_id", "email"],
  ),
]);

const airtableTable = { connection_id: connectionId(), base_id: text("The base."), table_name: text("The table.") };
const AIRTABLE = integration("AIRTABLE", [
  action("AIRTABLE", "CREATE_RECORD", { ...airtableTable, fields: anyObject("The record's fields.") }, [
    "connection_id",
    "base_id",
    "table_name",
  ]),
  action(
    "AIRTABLE",
    "LIST_RECORDS",
    { ...airtableTable, query: text("A formula the records must match."), view: text("The view to read.") },
    ["connection_id", "base_id", "table_name"],
  ),
  action(
    "AIRTABLE",
    "UPDATE_RECORD",
    { ...airtableTable, record_id: text("The record to change."), fields: anyObject("The fields to change.") },
    ["connection_id", "base_id", "table_name", "record_id"],
  ),
]);

const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
const customVars = () => anyObject("Variables for the message template.");
const AUTH0 = integration("AUTH0", [
  action("AUTH0", "CREATE_USER", { connection_id: connectionId(), payload: anyObject("The user to create.") }, [
    "connection_id",
    "payload",
  ]),
  action("AUTH0", "GET_USER", { connection_id: connectionId(), user_id: text("The user's id.") }, [
    "connection_id",
    "user_id",
  ]),
  action(
    "AUTH0",
    "UPDATE_USER",
    {
      connection_id: connectionId(),
      user_id: text("The user's id."),
      changes: anyObject("The user's fields to change."),
    },
    ["connection_id", "user_id", "changes"],
  ),
  action(
    "AUTH0",
    "SEND_REQUEST",
    {
      connection_id: connectionId(),
      pathname: text("The Management API path to call."),
      method: enumOf(HTTP_METHODS, { description: "The HTTP method (default `GET`)." }),
      headers: anyObject("Request headers, by name."),
      params: queryParams(),
      payload: payload("The request body."),
    },
    ["connection_id", "pathname"],
  ),
  action(
    "AUTH0",
    "SEND_EMAIL",
    {
      from: object(
        { name: text("The sender's name."), email: email() },
        { required: ["email"], description: "The sender." },
      ),
      to: email(),
      subject: text("The subject line."),
      body: text("The message body (HTML)."),
      custom_vars: customVars(),
    },
    ["to", "subject", "body"],
  ),
  action(
    "AUTH0",
    "SEND_SMS",
    {
      from: text("The sender."),
      to: text("The recipient."),
      message: text("The message text."),
      custom_vars: customVars(),
    },
    ["to", "message"],
  ),
  action(
    "AUTH0",
    "MAKE_CALL",
    {
      from: text("The sender."),
      to: text("The recipient."),
      message: text("The message text."),
      custom_vars: customVars(),
    },
    ["to", "message"],
  ),
]);

const BIGQUERY = integration("BIGQUERY", [
  action(
    "BIGQUERY",
    "INSERT_ROWS",
    {
      connection_id: connectionId(),
      dataset_id: text("The dataset."),
      table_id: text("The table."),
      data: anyObject("The row."),
    },
    ["connection_id", "dataset_id", "table_id"],
  ),
]);

const CLEARBIT = integration("CLEARBIT", [
  action("CLEARBIT", "FIND_PERSON", { connection_id: connectionId(), email: email() }, ["connection_id", "email"]),
  action("CLEARBIT", "FIND_COMPANY", { connection_id: connectionId(), domain: text("The company's domain.") }, [
    "connection_id",
    "domain",
  ]),
]);

const EMAIL = integration("EMAIL", [
  action(
    "EMAIL",
    "VERIFY_EMAIL",
    {
      email: email(),
      rules: object(
        {
          require_mx_record: boolean({ description: "Refuse a domain without an MX record." }),
          block_aliases: boolean({ description: "Refuse aliases (`a+b@…`)." }),
          block_free_emails: boolean({ description: "Refuse free email providers." }),
          block_disposable_emails: boolean({ description: "Refuse disposable addresses." }),
          blocklist: array(string(), { description: "Domains refused." }),
          allowlist: array(string(), { description: "Domains always accepted." }),
        },
        { description: "What the address must pass." },
      ),
    },
    ["email"],
  ),
]);

/**
 * An action nested in a BOOLEAN_CONDITION's `then` or `else`: its shape is checked here
 * (the schema cannot refer to itself), its params by {@link nestedFlowActionIssue} on the
 * server.
 */
const nestedAction = openObject(
  {
    id: actionFields.id,
    type: string({ description: "The integration the action belongs to." }),
    action: string({ description: "What the action does." }),
    params: anyObject("The action's params (checked by the server as the action's own)."),
  },
  { required: ["id", "type", "action"], description: "An action run on this branch." },
);

const FLOW = integration("FLOW", [
  action("FLOW", "BOOLEAN_CONDITION", {
    then: array(nestedAction, { description: "The actions run when the condition holds." }),
    else: array(nestedAction, { description: "The actions run otherwise." }),
  }),
  action(
    "FLOW",
    "DELAY_FLOW",
    {
      number: numberOrString("How long to wait, in `units`."),
      units: enumOf(["SECONDS", "MINUTES", "HOURS", "DAYS"], { description: "The unit of `number`." }),
    },
    ["number"],
  ),
  // DO_NOTHING's params are optional and empty in the published type.
  object(
    {
      ...actionFields,
      type: literal("FLOW", { description: "The integration the action belongs to." }),
      action: literal("DO_NOTHING", { description: "What the action does." }),
      params: object({}, { description: "Empty." }),
    },
    { required: ["id", "type", "action"] },
  ),
  action("FLOW", "ERROR_MESSAGE", { message: text("The message shown.") }, ["message"]),
  action(
    "FLOW",
    "MAP_VALUE",
    {
      input: numberOrString("The value to map."),
      cases: anyObject("The result for each value of `input`."),
      fallback: union(
        [string(), number(), anyObject(), array(unknown()), { type: "null" } as unknown as Schema<null>],
        {
          description: "The result when no case matches.",
        },
      ),
    },
    ["input"],
  ),
  action("FLOW", "RETURN_JSON", { payload: union([anyObject(), string()], { description: "What to return." }) }, [
    "payload",
  ]),
  action("FLOW", "STORE_VARS", { vars: anyObject("The variables to store, by name.") }, ["vars"]),
]);

const GOOGLE_SHEETS = integration("GOOGLE_SHEETS", [
  action(
    "GOOGLE_SHEETS",
    "ADD_ROW",
    {
      connection_id: connectionId(),
      spreadsheet_id: text("The spreadsheet."),
      sheet_id: numberOrString("The sheet."),
      values: array(union([string(), { type: "null" } as unknown as Schema<null>]), { description: "The cells." }),
    },
    ["connection_id", "spreadsheet_id"],
  ),
]);

const HTTP = integration("HTTP", [
  action(
    "HTTP",
    "SEND_REQUEST",
    {
      connection_id: connectionId(),
      url: text("The URL to call."),
      method: enumOf(HTTP_METHODS, { description: "The HTTP method (default `GET`)." }),
      headers: anyObject("Request headers, by name."),
      basic: object(
        {
          username: text("The user name."),
          password: string({ secret: true, description: "Basic authentication password: stored as a secret." }),
        },
        { description: "Basic authentication of the request (better kept in a vault connection)." },
      ),
      params: queryParams(),
      payload: payload("The request body."),
      content_type: enumOf(["JSON", "FORM", "XML"], { description: "How `payload` is sent." }),
    },
    ["url"],
  ),
]);

const HUBSPOT = integration("HUBSPOT", [
  action(
    "HUBSPOT",
    "ENROLL_CONTACT",
    {
      connection_id: connectionId(),
      email: email(),
      workflow_id: numberOrString("The workflow to enroll the contact in."),
    },
    ["connection_id", "email", "workflow_id"],
  ),
  action("HUBSPOT", "GET_CONTACT", { connection_id: connectionId(), email: email() }, ["connection_id", "email"]),
  action(
    "HUBSPOT",
    "UPSERT_CONTACT",
    {
      connection_id: connectionId(),
      email: email(),
      properties: array(openObject({ property: text("A contact property's name.") }, { required: ["property"] }), {
        description: "Contact properties to set: each a `property` and its value.",
      }),
    },
    ["connection_id", "email"],
    { open: true },
  ),
]);

const JSON_ACTIONS = integration("JSON", [
  action("JSON", "CREATE_JSON", { object: anyObject("The object to make.") }, ["object"]),
  action("JSON", "PARSE_JSON", { json: text("The JSON text.") }, ["json"]),
  action("JSON", "SERIALIZE_JSON", { object: union([string(), anyObject()], { description: "The value." }) }, [
    "object",
  ]),
]);

const JWT = integration("JWT", [
  action("JWT", "DECODE_JWT", { token: text("The token to decode.") }, ["token"]),
  action(
    "JWT",
    "SIGN_JWT",
    {
      connection_id: connectionId(),
      payload: anyObject("The claims."),
      subject: text("The token's subject (`sub`)."),
      issuer: text("The token's issuer (`iss`)."),
      audience: text("The token's audience (`aud`)."),
      expires_in: text("How long the token lasts (`1h`, `30m`)."),
    },
    ["connection_id"],
  ),
  action(
    "JWT",
    "VERIFY_JWT",
    {
      connection_id: connectionId(),
      token: text("The token to verify."),
      audience: text("The token's audience (`aud`)."),
      issuer: text("The token's issuer (`iss`)."),
    },
    ["connection_id", "token"],
  ),
]);

const MAILCHIMP = integration("MAILCHIMP", [
  action(
    "MAILCHIMP",
    "UPSERT_MEMBER",
    {
      connection_id: connectionId(),
      list_id: text("The audience (list)."),
      member: object(
        {
          email_address: email(),
          status_if_new: text("The member's status when added (`subscribed`, `pending`, …)."),
          merge_fields: anyObject("Merge field values, by tag."),
        },
        { required: ["email_address", "status_if_new"], description: "The member to add or update." },
      ),
    },
    ["connection_id", "list_id", "member"],
  ),
]);

// The published type is a union of two open objects: `content`, or `template_id` (+ `variables`).
const MAILJET = integration("MAILJET", [
  object(
    {
      ...actionFields,
      type: literal("MAILJET", { description: "The integration the action belongs to." }),
      action: literal("SEND_EMAIL", { description: "What the action does." }),
      params: union(
        [
          openObject({ content: text("The message, as Mailjet takes it.") }, { required: ["content"] }),
          openObject(
            {
              template_id: number({ description: "The Mailjet template." }),
              variables: anyObject("Template variables, by name."),
            },
            { required: ["template_id"] },
          ),
        ],
        { description: "The message: its `content`, or a `template_id` and its `variables`." },
      ),
    },
    { required: ["id", "type", "action", "params"] },
  ),
]);

const OTP = integration("OTP", [
  action(
    "OTP",
    "GENERATE_CODE",
    {
      reference: text("What the code is for (the same on generation and verification)."),
      length: number({ description: "Digits in the code." }),
    },
    ["reference", "length"],
  ),
  action(
    "OTP",
    "VERIFY_CODE",
    {
      reference: text("What the code is for (the same on generation and verification)."),
      code: numberOrString("The code to check."),
    },
    ["reference", "code"],
  ),
]);

const PIPEDRIVE = integration("PIPEDRIVE", [
  action(
    "PIPEDRIVE",
    "ADD_DEAL",
    {
      connection_id: connectionId(),
      title: text("The title."),
      value: text("The value."),
      user_id: numberOrString("The user's id."),
      person_id: numberOrString("The person."),
      organization_id: numberOrString("The organization."),
      stage_id: numberOrString("The pipeline stage."),
      fields: anyObject("Other fields, by key."),
    },
    ["connection_id", "title"],
  ),
  action(
    "PIPEDRIVE",
    "ADD_ORGANIZATION",
    {
      connection_id: connectionId(),
      name: text("The name."),
      owner_id: numberOrString("The owner."),
      fields: anyObject("Other fields, by key."),
    },
    ["connection_id", "name"],
  ),
  action(
    "PIPEDRIVE",
    "ADD_PERSON",
    {
      connection_id: connectionId(),
      name: text("The name."),
      email: email(),
      phone: text("A phone number."),
      owner_id: numberOrString("The owner."),
      organization_id: numberOrString("The organization."),
      fields: anyObject("Other fields, by key."),
    },
    ["connection_id", "name"],
  ),
]);

const SALESFORCE = integration("SALESFORCE", [
  action(
    "SALESFORCE",
    "CREATE_LEAD",
    {
      connection_id: connectionId(),
      first_name: text("The first name."),
      last_name: text("The last name."),
      company: text("The company."),
      email: email(),
      phone: text("A phone number."),
      payload: anyObject("Other fields, by name."),
    },
    ["connection_id", "last_name", "company"],
  ),
  action("SALESFORCE", "GET_LEAD", { connection_id: connectionId(), lead_id: text("The lead.") }, [
    "connection_id",
    "lead_id",
  ]),
  action(
    "SALESFORCE",
    "SEARCH_LEADS",
    {
      connection_id: connectionId(),
      search_field: enumOf(["email", "name", "phone", "all"], { description: "The field searched." }),
      search_value: text("What to search for."),
      lead_fields: array(string(), { description: "The lead fields to return." }),
    },
    ["connection_id", "search_field", "search_value", "lead_fields"],
  ),
  action(
    "SALESFORCE",
    "UPDATE_LEAD",
    { connection_id: connectionId(), lead_id: text("The lead."), payload: anyObject("Other fields, by name.") },
    ["connection_id", "lead_id"],
  ),
]);

const SENDGRID = integration("SENDGRID", [
  action(
    "SENDGRID",
    "SEND_EMAIL",
    {
      connection_id: connectionId(),
      from: object(
        { name: text("The sender's name."), email: email() },
        { required: ["email"], description: "The sender." },
      ),
      personalizations: array(unknown(), { description: "SendGrid personalizations (recipients, subject, data)." }),
    },
    ["connection_id", "from", "personalizations"],
    { open: true },
  ),
]);

const SLACK = integration("SLACK", [
  action(
    "SLACK",
    "POST_MESSAGE",
    {
      connection_id: connectionId(),
      text: text("The text."),
      attachments: array(
        object({
          color: enumOf(["GOOD", "WARNING", "DANGER"], { description: "The side bar color." }),
          pretext: text("Text above the attachment."),
          text: text("The text."),
          fields: array(
            object(
              {
                title: text("The title."),
                value: text("The value."),
                short: boolean({ description: "Whether the field is short enough to sit beside another." }),
              },
              { required: ["title"] },
            ),
            { description: "Fields shown as a table." },
          ),
        }),
        { description: "Attachments of the message." },
      ),
    },
    ["connection_id"],
  ),
]);

const stripeAddress = () =>
  object(
    {
      line1: text("Address line 1."),
      line2: text("Address line 2."),
      postalCode: text("Postal code."),
      city: text("City."),
      state: text("State or region."),
      country: text("Country (ISO 3166-1 alpha-2)."),
    },
    { description: "The customer's address." },
  );
const stripeCustomer = {
  name: text("The name."),
  description: text("A description."),
  email: email(),
  phone: text("A phone number."),
  tax_exempt: text("Tax status: `none`, `exempt` or `reverse`."),
  address: stripeAddress(),
  metadata: record(string(), { description: "Metadata, by key." }),
};
const stripeCustomerId = { connection_id: connectionId(), customer_id: text("The customer.") };
/** The customer a GET_CUSTOMER or UPDATE_CUSTOMER acts on: its `params.id` (the SDK names it so). */
const stripeCustomerRef = () => text("The customer (`cus_…`).");
const STRIPE = integration("STRIPE", [
  action(
    "STRIPE",
    "ADD_TAX_ID",
    { ...stripeCustomerId, type: text("The tax id type (`eu_vat`, …)."), value: text("The tax id.") },
    ["connection_id", "customer_id", "type", "value"],
  ),
  action(
    "STRIPE",
    "CREATE_CUSTOMER",
    {
      connection_id: connectionId(),
      tax_id: object(
        { type: text("The tax id type (`eu_vat`, …)."), value: text("The tax id.") },
        { required: ["type", "value"], description: "The customer's tax id." },
      ),
      ...stripeCustomer,
    },
    ["connection_id"],
  ),
  action(
    "STRIPE",
    "CREATE_PORTAL_SESSION",
    { ...stripeCustomerId, return_url: text("Where the portal sends the customer back.") },
    ["connection_id", "customer_id"],
  ),
  action("STRIPE", "DELETE_TAX_ID", { ...stripeCustomerId, id: text("The tax id to delete (`txi_…`).") }, [
    "connection_id",
    "customer_id",
    "id",
  ]),
  action("STRIPE", "FIND_CUSTOMERS", { connection_id: connectionId(), email: email() }, ["connection_id", "email"]),
  action("STRIPE", "GET_CUSTOMER", { connection_id: connectionId(), id: stripeCustomerRef() }, ["connection_id", "id"]),
  action("STRIPE", "UPDATE_CUSTOMER", { connection_id: connectionId(), id: stripeCustomerRef(), ...stripeCustomer }, [
    "connection_id",
    "id",
  ]),
]);

const TELEGRAM = integration("TELEGRAM", [
  action(
    "TELEGRAM",
    "SEND_MESSAGE",
    { connection_id: connectionId(), chat_id: text("The chat."), text: text("The text.") },
    ["connection_id", "chat_id", "text"],
  ),
]);

const twilioCall = { connection_id: connectionId(), from: text("The sender."), to: text("The recipient.") };
const TWILIO = integration("TWILIO", [
  action("TWILIO", "SEND_SMS", { ...twilioCall, message: text("The message text.") }, [
    "connection_id",
    "from",
    "to",
    "message",
  ]),
  action("TWILIO", "MAKE_CALL", { ...twilioCall, payload: text("What the call says (TwiML).") }, [
    "connection_id",
    "from",
    "to",
    "payload",
  ]),
]);

const WHATSAPP = integration("WHATSAPP", [
  action(
    "WHATSAPP",
    "SEND_MESSAGE",
    {
      connection_id: connectionId(),
      sender_id: text("The sending phone number's id."),
      recipient_number: text("The recipient's phone number."),
      type: enumOf(
        ["AUDIO", "CONTACTS", "DOCUMENT", "IMAGE", "INTERACTIVE", "LOCATION", "STICKER", "TEMPLATE", "TEXT"],
        { description: "The kind of message." },
      ),
      payload: union([anyObject(), string()], { description: "The message, as the `type` needs it." }),
    },
    ["connection_id", "sender_id", "recipient_number", "type", "payload"],
  ),
]);

const XML = integration("XML", [
  action("XML", "PARSE_XML", { xml: text("The XML text.") }, ["xml"]),
  action("XML", "SERIALIZE_XML", { object: union([string(), anyObject()], { description: "The value." }) }, ["object"]),
]);

const ZAPIER = integration("ZAPIER", [
  action(
    "ZAPIER",
    "TRIGGER_WEBHOOK",
    { connection_id: connectionId(), method: enumOf(["GET", "POST", "PUT"], { description: "The HTTP method." }) },
    ["connection_id"],
    { open: true },
  ),
]);

/** Every integration's actions, in the published order. */
const INTEGRATIONS = [
  ACTIVECAMPAIGN,
  AIRTABLE,
  AUTH0,
  BIGQUERY,
  CLEARBIT,
  EMAIL,
  FLOW,
  GOOGLE_SHEETS,
  HTTP,
  HUBSPOT,
  JSON_ACTIONS,
  JWT,
  MAILCHIMP,
  MAILJET,
  OTP,
  PIPEDRIVE,
  SALESFORCE,
  SENDGRID,
  SLACK,
  STRIPE,
  TELEGRAM,
  TWILIO,
  WHATSAPP,
  XML,
  ZAPIER,
] as const;

/** One action of a flow, chosen by `type` (the integration) and `action`. */
export const flowActionSchema = discriminated("type", INTEGRATIONS, {
  description: "One step of the flow: an integration (`type`), what it does (`action`) and its `params`.",
});

/** An action of a flow. */
export type FlowAction = Static<typeof flowActionSchema>;

/** Each integration (`type`) with its actions, as the schema declares them. */
export const FLOW_ACTION_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  INTEGRATIONS.map((schema) => {
    const branches = (schema as unknown as { oneOf: { properties: { type: { const: string } } }[] }).oneOf;
    const type = (schema as unknown as { properties: { type: { const: string } } }).properties.type.const;
    return [
      type,
      branches.map((branch) => (branch.properties as unknown as { action: { const: string } }).action.const),
    ];
  }),
);
