// The languages end-to-end test's Java program (test/e2e/languages.test.ts).
//
// Every kind and every lookup through the plugin, with the generated SDK (sdk/java): the
// default provider (tenant:* config) and an explicit Provider for a second tenant. Inputs
// come from ../scenario.json, shared with the TypeScript, Python and Go programs.
package tenant;

import com.google.gson.Gson;
import com.pulumi.Context;
import com.pulumi.Pulumi;
import com.pulumi.deployment.InvokeOutputOptions;
import com.pulumi.resources.CustomResourceOptions;
import io.github.pulumitenant.tenant.EventStream;
import io.github.pulumitenant.tenant.EventStreamArgs;
import io.github.pulumitenant.tenant.Form;
import io.github.pulumitenant.tenant.FormArgs;
import io.github.pulumitenant.tenant.LoginTemplate;
import io.github.pulumitenant.tenant.LoginTemplateArgs;
import io.github.pulumitenant.tenant.Provider;
import io.github.pulumitenant.tenant.ProviderArgs;
import io.github.pulumitenant.tenant.RateLimitPolicy;
import io.github.pulumitenant.tenant.RateLimitPolicyArgs;
import io.github.pulumitenant.tenant.TenantFunctions;
import io.github.pulumitenant.tenant.inputs.EventStreamSubscriptionsArgs;
import io.github.pulumitenant.tenant.inputs.FormLanguagesArgs;
import io.github.pulumitenant.tenant.inputs.FormStartArgs;
import io.github.pulumitenant.tenant.inputs.GetEventStreamArgs;
import io.github.pulumitenant.tenant.inputs.GetFormArgs;
import io.github.pulumitenant.tenant.inputs.GetLoginTemplateArgs;
import io.github.pulumitenant.tenant.inputs.GetRateLimitPoliciesArgs;
import io.github.pulumitenant.tenant.inputs.GetRateLimitPolicyArgs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

public class App {
    public static void main(String[] args) {
        Pulumi.run(App::stack);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> scenario() {
        try {
            return new Gson().fromJson(Files.readString(Path.of("..", "scenario.json")), Map.class);
        } catch (IOException e) {
            throw new RuntimeException("cannot read ../scenario.json", e);
        }
    }

    @SuppressWarnings("unchecked")
    private static FormArgs formArgs(Map<String, Object> form, String name) {
        var languages = (Map<String, Object>) form.get("languages");
        var start = (Map<String, Object>) form.get("start");
        return FormArgs.builder()
            .name(name)
            .languages(FormLanguagesArgs.builder().primary((String) languages.get("primary")).build())
            .nodes((List<Object>) form.get("nodes"))
            .start(FormStartArgs.builder().nextNode((String) start.get("nextNode")).build())
            .build();
    }

    @SuppressWarnings("unchecked")
    private static void stack(Context ctx) {
        var cfg = ctx.config();
        var s = scenario();
        var formInputs = (Map<String, Object>) s.get("form");
        var streamInputs = (Map<String, Object>) s.get("stream");
        var policyInputs = (Map<String, Object>) s.get("policy");

        var form = new Form("signup", formArgs(formInputs, cfg.get("formName").orElse((String) formInputs.get("name"))));

        var subscriptions = ((List<Map<String, Object>>) streamInputs.get("subscriptions")).stream()
            .map(sub -> EventStreamSubscriptionsArgs.builder().eventType((String) sub.get("eventType")).build())
            .collect(Collectors.toList());
        var stream = new EventStream("audit", EventStreamArgs.builder()
            .name((String) streamInputs.get("name"))
            .subscriptions(subscriptions)
            .destination(cfg.requireSecret("hookToken").applyValue(token -> (Object) Map.of(
                "type", "webhook",
                "configuration", Map.of(
                    "webhookEndpoint", streamInputs.get("endpoint"),
                    "webhookAuthorization", Map.of("method", "bearer", "token", token)))))
            .build());

        var template = new LoginTemplate("login", LoginTemplateArgs.builder().template((String) s.get("template")).build());
        var policy = new RateLimitPolicy("default-policy", RateLimitPolicyArgs.builder()
            .resource((String) policyInputs.get("resource"))
            .consumer((String) policyInputs.get("consumer"))
            .consumerSelector((String) policyInputs.get("consumerSelector"))
            .configuration(policyInputs.get("configuration"))
            .build());

        var other = new Provider("other", ProviderArgs.builder()
            .domain(cfg.require("otherDomain"))
            .clientId(cfg.require("otherClientId"))
            .clientSecret(cfg.requireSecret("otherClientSecret"))
            .build());
        var otherForm = new Form("other-signup", formArgs(formInputs, "Other sign-up"),
            CustomResourceOptions.builder().provider(other).build());
        // A second explicit provider, for a third tenant.
        var third = new Provider("third", ProviderArgs.builder()
            .domain(cfg.require("thirdDomain"))
            .clientId(cfg.require("thirdClientId"))
            .clientSecret(cfg.requireSecret("thirdClientSecret"))
            .build());
        var thirdForm = new Form("third-signup", formArgs(formInputs, "Third sign-up"),
            CustomResourceOptions.builder().provider(third).build());

        cfg.get("extraFormName").ifPresent(extra -> new Form("extra", formArgs(formInputs, extra)));

        ctx.export("formId", form.id());
        ctx.export("streamId", stream.id());
        ctx.export("policyId", policy.id());
        ctx.export("otherFormId", otherForm.id());
        ctx.export("thirdFormId", thirdForm.id());
        ctx.export("lookedUpFormName",
            TenantFunctions.getForm(GetFormArgs.builder().id(form.id()).build()).applyValue(r -> r.name()));
        ctx.export("lookedUpStreamStatus",
            TenantFunctions.getEventStream(GetEventStreamArgs.builder().name(stream.name().applyValue(n -> n.orElse(""))).build())
                .applyValue(r -> r.status()));
        ctx.export("lookedUpPolicyLimit",
            TenantFunctions.getRateLimitPolicy(GetRateLimitPolicyArgs.builder().id(policy.id()).build())
                .applyValue(r -> ((Map<String, Object>) r.configuration()).get("limit")));
        ctx.export("policyCount",
            TenantFunctions.getRateLimitPolicies(GetRateLimitPoliciesArgs.builder().consumerSelector(policy.consumerSelector()).build())
                .applyValue(r -> r.rateLimitPolicies().size()));
        ctx.export("templateLength",
            TenantFunctions.getLoginTemplate(GetLoginTemplateArgs.Empty,
                    new InvokeOutputOptions.Builder().dependsOn(template).build())
                .applyValue(r -> r.template().length()));
        ctx.export("otherFormName",
            TenantFunctions.getForm(GetFormArgs.builder().id(otherForm.id()).build(),
                    new InvokeOutputOptions.Builder().provider(other).build())
                .applyValue(r -> r.name()));
        ctx.export("thirdFormName",
            TenantFunctions.getForm(GetFormArgs.builder().id(thirdForm.id()).build(),
                    new InvokeOutputOptions.Builder().provider(third).build())
                .applyValue(r -> r.name()));
    }
}
