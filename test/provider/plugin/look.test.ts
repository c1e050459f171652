/**
 * The branding theme and the branding settings through the plugin's gRPC server (no CLI): a
 * theme imported by its id (`pulumi import`: a read without properties) keeps every setting and
 * previews no change, in the package schema's names; the lookups answer.
 */
import * as grpc from "@grpc/grpc-js";
import * as structPb from "google-protobuf/google/protobuf/struct_pb";
import * as providerGrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerPb from "@pulumi/pulumi/proto/provider_pb";
import { startPluginServer } from "../../../provider/plugin/server";
import { startHarness, type ProviderHarness } from "../helpers";

const THEME_TYPE = "tenant:index:BrandingTheme";
const URN = "urn:pulumi:dev::proj::tenant:index:BrandingTheme::look";

const textStyle = { bold: true, size: 99.5 };
/** A theme with every field set, as the API spells it. */
const THEME = {
  displayName: "Imported",
  borders: {
    button_border_radius: 1.1,
    button_border_weight: 1.34,
    buttons_style: "sharp",
    input_border_radius: 3.2,
    input_border_weight: 1.99,
    inputs_style: "pill",
    show_widget_shadow: false,
    widget_border_weight: 1.11,
    widget_corner_radius: 3.57,
  },
  colors: {
    base_focus_color: "#635dff",
    base_hover_color: "#000000",
    body_text: "#1e212a",
    captcha_widget_theme: "light",
    error: "#d03c38",
    header: "#1e212a",
    icons: "#65676e",
    input_background: "#ffffff",
    input_border: "#c9cace",
    input_filled_text: "#000000",
    input_labels_placeholders: "#65676e",
    links_focused_components: "#635dff",
    primary_button: "#635dff",
    primary_button_label: "#ffffff",
    read_only_background: "#f0f0f0",
    secondary_button_border: "#c9cace",
    secondary_button_label: "#1e212a",
    success: "#13a688",
    widget_background: "#ffffff",
    widget_border: "#c9cace",
  },
  fonts: {
    body_text: textStyle,
    buttons_text: textStyle,
    font_url: "https://example.com/font.woff",
    input_labels: textStyle,
    links: textStyle,
    links_style: "underlined",
    reference_text_size: 12.5,
    subtitle: textStyle,
    title: textStyle,
  },
  page_background: {
    background_color: "#000000",
    background_image_url: "https://example.com/bg.png",
    page_layout: "right",
  },
  widget: {
    header_text_alignment: "right",
    logo_height: 55.5,
    logo_position: "left",
    logo_url: "https://example.com/logo.png",
    social_buttons_layout: "top",
  },
  identifiers: {
    login_display: "separate",
    otp_autocomplete: false,
    phone_display: { formatting: "regional", masking: "hide_country_code" },
  },
};

type Client = providerGrpc.ResourceProviderClient;
function rpc<Res>(client: Client, method: string, request: unknown): Promise<Res> {
  return new Promise((resolve, reject) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    (client as any)[method](request, (error: Error | null, response: Res) =>
      error ? reject(error) : resolve(response),
    ),
  );
}

describe("the look through the plugin", () => {
  let harness: ProviderHarness;
  let server: { port: number; stop(): Promise<void> };
  let client: Client;
  beforeAll(async () => {
    harness = await startHarness();
    server = await startPluginServer(0);
    client = new providerGrpc.ResourceProviderClient(`127.0.0.1:${server.port}`, grpc.credentials.createInsecure());
    const { domain, clientId, clientSecret } = harness.server.credentials;
    const configure = new providerPb.ConfigureRequest();
    configure.getVariablesMap().set("tenant:config:domain", domain).set("tenant:config:clientId", clientId);
    configure.getVariablesMap().set("tenant:config:clientSecret", clientSecret);
    await rpc(client, "configure", configure);
  });
  afterAll(async () => {
    client?.close();
    await server?.stop();
    await harness?.close();
  });

  it("imports a theme by its themeId with every setting, and then previews no change", async () => {
    const id = (await harness.admin("POST", "/branding/themes", THEME)).json.themeId as string;
    const read = await rpc<providerPb.ReadResponse>(
      client,
      "read",
      new providerPb.ReadRequest().setUrn(URN).setType(THEME_TYPE).setId(id),
    );
    expect(read.getId()).toBe(id);
    const inputs = read.getInputs()!.toJavaScript();
    // The schema's names (camelCase), every section, the optional ones too.
    expect(inputs).toMatchObject({
      displayName: "Imported",
      pageBackground: { backgroundImageUrl: "https://example.com/bg.png", pageLayout: "right" },
      identifiers: { phoneDisplay: { masking: "hide_country_code" } },
      colors: { readOnlyBackground: "#f0f0f0", captchaWidgetTheme: "light" },
      fonts: { referenceTextSize: 12.5, bodyText: textStyle },
    });
    const checked = await rpc<providerPb.CheckResponse>(
      client,
      "check",
      new providerPb.CheckRequest()
        .setUrn(URN)
        .setType(THEME_TYPE)
        .setOlds(read.getInputs())
        .setNews(structPb.Struct.fromJavaScript(inputs)),
    );
    expect(checked.getFailuresList()).toEqual([]);
    const diff = await rpc<providerPb.DiffResponse>(
      client,
      "diff",
      new providerPb.DiffRequest()
        .setUrn(URN)
        .setType(THEME_TYPE)
        .setId(id)
        .setOlds(read.getProperties())
        .setOldInputs(read.getInputs())
        .setNews(checked.getInputs()),
    );
    expect(diff.getChanges()).toBe(providerPb.DiffResponse.DiffChanges.DIFF_NONE);

    const invoke = (tok: string) =>
      rpc<providerPb.InvokeResponse>(
        client,
        "invoke",
        new providerPb.InvokeRequest().setTok(tok).setArgs(structPb.Struct.fromJavaScript({})),
      );
    expect((await invoke("tenant:index:getBrandingTheme")).getReturn()?.toJavaScript()).toMatchObject({
      displayName: "Imported",
    });
    await harness.admin("PATCH", "/branding", { logo_url: "https://example.com/l.png" });
    expect((await invoke("tenant:index:getBranding")).getReturn()?.toJavaScript()).toMatchObject({
      logoUrl: "https://example.com/l.png",
    });
  });
});
