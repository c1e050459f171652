// The languages end-to-end test's Go program (test/e2e/languages.test.ts).
//
// Every kind and every lookup through the plugin, with the generated SDK (sdk/go): the
// default provider (tenant:* config) and an explicit tenant.Provider for a second tenant.
// Inputs come from ../scenario.json, shared with the Python and TypeScript programs.
package main

import (
	"encoding/json"
	"os"

	"github.com/pulumi-tenant/pulumi-tenant/sdk/go/tenant"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

type scenario struct {
	Form   map[string]any `json:"form"`
	Stream struct {
		Name          string `json:"name"`
		Subscriptions []struct {
			EventType string `json:"eventType"`
		} `json:"subscriptions"`
		Endpoint string `json:"endpoint"`
	} `json:"stream"`
	Template string `json:"template"`
	Policy   struct {
		Resource         string         `json:"resource"`
		Consumer         string         `json:"consumer"`
		ConsumerSelector string         `json:"consumerSelector"`
		Configuration    map[string]any `json:"configuration"`
	} `json:"policy"`
}

// formArgs: the scenario's form with another name, in the SDK's types.
func formArgs(s *scenario, name string) *tenant.FormArgs {
	start := s.Form["start"].(map[string]any)
	languages := s.Form["languages"].(map[string]any)
	return &tenant.FormArgs{
		Name:      pulumi.String(name),
		Languages: &tenant.FormLanguagesArgs{Primary: pulumi.String(languages["primary"].(string))},
		Nodes:     pulumi.ToArray(s.Form["nodes"].([]any)),
		Start:     &tenant.FormStartArgs{NextNode: pulumi.String(start["nextNode"].(string))},
	}
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		data, err := os.ReadFile("../scenario.json")
		if err != nil {
			return err
		}
		var s scenario
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}

		name := cfg.Get("formName")
		if name == "" {
			name = s.Form["name"].(string)
		}
		form, err := tenant.NewForm(ctx, "signup", formArgs(&s, name))
		if err != nil {
			return err
		}

		subscriptions := tenant.EventStreamSubscriptionsArray{}
		for _, sub := range s.Stream.Subscriptions {
			subscriptions = append(subscriptions, &tenant.EventStreamSubscriptionsArgs{EventType: pulumi.String(sub.EventType)})
		}
		stream, err := tenant.NewEventStream(ctx, "audit", &tenant.EventStreamArgs{
			Name:          pulumi.String(s.Stream.Name),
			Subscriptions: subscriptions,
			Destination: &tenant.EventStreamDestinationWebhookArgs{
				Type: pulumi.String("webhook"),
				Configuration: &tenant.EventStreamDestinationWebhookConfigurationArgs{
					WebhookEndpoint: pulumi.String(s.Stream.Endpoint),
					WebhookAuthorization: &tenant.EventStreamDestinationWebhookConfigurationWebhookAuthorizationBearerArgs{
						Method: pulumi.String("bearer"),
						Token:  cfg.RequireSecret("hookToken"),
					},
				},
			},
		})
		if err != nil {
			return err
		}

		template, err := tenant.NewLoginTemplate(ctx, "login", &tenant.LoginTemplateArgs{Template: pulumi.String(s.Template)})
		if err != nil {
			return err
		}
		policy, err := tenant.NewRateLimitPolicy(ctx, "default-policy", &tenant.RateLimitPolicyArgs{
			Resource:          pulumi.String(s.Policy.Resource),
			Consumer:          pulumi.String(s.Policy.Consumer),
			ConsumerSelector: pulumi.String(s.Policy.ConsumerSelector),
			Configuration:     pulumi.ToMap(s.Policy.Configuration),
		})
		if err != nil {
			return err
		}

		other, err := tenant.NewProvider(ctx, "other", &tenant.ProviderArgs{
			Domain:       pulumi.String(cfg.Require("otherDomain")),
			ClientId:     pulumi.String(cfg.Require("otherClientId")),
			ClientSecret: cfg.RequireSecret("otherClientSecret"),
		})
		if err != nil {
			return err
		}
		otherForm, err := tenant.NewForm(ctx, "other-signup", formArgs(&s, "Other sign-up"), pulumi.Provider(other))
		if err != nil {
			return err
		}
		// A second explicit provider, for a third tenant.
		third, err := tenant.NewProvider(ctx, "third", &tenant.ProviderArgs{
			Domain:       pulumi.String(cfg.Require("thirdDomain")),
			ClientId:     pulumi.String(cfg.Require("thirdClientId")),
			ClientSecret: cfg.RequireSecret("thirdClientSecret"),
		})
		if err != nil {
			return err
		}
		thirdForm, err := tenant.NewForm(ctx, "third-signup", formArgs(&s, "Third sign-up"), pulumi.Provider(third))
		if err != nil {
			return err
		}

		if extra := cfg.Get("extraFormName"); extra != "" {
			if _, err := tenant.NewForm(ctx, "extra", formArgs(&s, extra)); err != nil {
				return err
			}
		}

		ctx.Export("formId", form.ID())
		ctx.Export("streamId", stream.ID())
		ctx.Export("policyId", policy.ID())
		ctx.Export("otherFormId", otherForm.ID())
		ctx.Export("thirdFormId", thirdForm.ID())
		ctx.Export("lookedUpFormName", tenant.LookupFormOutput(ctx, tenant.LookupFormOutputArgs{Id: form.ID()}).Name())
		ctx.Export("lookedUpStreamStatus",
			tenant.LookupEventStreamOutput(ctx, tenant.LookupEventStreamOutputArgs{Name: stream.Name}).Status())
		ctx.Export("lookedUpPolicyLimit",
			tenant.LookupRateLimitPolicyOutput(ctx, tenant.LookupRateLimitPolicyOutputArgs{Id: policy.ID()}).
				Configuration().ApplyT(func(c any) any { return c.(map[string]any)["limit"] }))
		ctx.Export("policyCount",
			tenant.GetRateLimitPoliciesOutput(ctx, tenant.GetRateLimitPoliciesOutputArgs{ConsumerSelector: policy.ConsumerSelector}).
				RateLimitPolicies().ApplyT(func(items []tenant.RateLimitPolicyItem) int { return len(items) }))
		ctx.Export("templateLength",
			tenant.LookupLoginTemplateOutput(ctx, tenant.LookupLoginTemplateOutputArgs{}, pulumi.DependsOn([]pulumi.Resource{template})).
				Template().ApplyT(func(t string) int { return len(t) }))
		ctx.Export("otherFormName",
			tenant.LookupFormOutput(ctx, tenant.LookupFormOutputArgs{Id: otherForm.ID()}, pulumi.Provider(other)).Name())
		ctx.Export("thirdFormName",
			tenant.LookupFormOutput(ctx, tenant.LookupFormOutputArgs{Id: thirdForm.ID()}, pulumi.Provider(third)).Name())
		return nil
	})
}
