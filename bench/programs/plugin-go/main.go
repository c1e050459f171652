// The benchmark's plugin program in Go (bench/lib/programs.ts writePluginGo): the same
// project, resource names, types and inputs as bench/programs/plugin, on the generated SDK
// (sdk/go). The inputs are the scenario's, in the package schema's names, from inputs.json
// (written beside the built program): the Go SDK has no TypeScript scenario to read.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/pulumi-tenant/pulumi-tenant/sdk/go/tenant"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

type form struct {
	Name  string `json:"name"`
	Start struct {
		NextNode string `json:"nextNode"`
	} `json:"start"`
	Nodes []any `json:"nodes"`
	Style struct {
		Css string `json:"css"`
	} `json:"style"`
}

type stream struct {
	Name          string `json:"name"`
	Status        string `json:"status"`
	Subscriptions []struct {
		EventType string `json:"eventType"`
	} `json:"subscriptions"`
	Destination struct {
		Configuration struct {
			WebhookEndpoint      string `json:"webhookEndpoint"`
			WebhookAuthorization struct {
				Username string `json:"username"`
			} `json:"webhookAuthorization"`
		} `json:"configuration"`
	} `json:"destination"`
}

type inputs struct {
	Forms    []form   `json:"forms"`
	Streams  []stream `json:"streams"`
	Template string   `json:"template"`
}

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		data, err := os.ReadFile("inputs.json")
		if err != nil {
			return err
		}
		var in inputs
		if err := json.Unmarshal(data, &in); err != nil {
			return err
		}
		password := cfg.RequireSecret("hookPassword")
		for i, f := range in.Forms {
			if _, err := tenant.NewForm(ctx, fmt.Sprintf("form-%d", i), &tenant.FormArgs{
				Name:  pulumi.String(f.Name),
				Start: &tenant.FormStartArgs{NextNode: pulumi.String(f.Start.NextNode)},
				Nodes: pulumi.ToArray(f.Nodes),
				Style: &tenant.FormStyleArgs{Css: pulumi.String(f.Style.Css)},
			}); err != nil {
				return err
			}
		}
		for i, s := range in.Streams {
			subscriptions := tenant.EventStreamSubscriptionsArray{}
			for _, sub := range s.Subscriptions {
				subscriptions = append(subscriptions, &tenant.EventStreamSubscriptionsArgs{EventType: pulumi.String(sub.EventType)})
			}
			configuration := s.Destination.Configuration
			if _, err := tenant.NewEventStream(ctx, fmt.Sprintf("stream-%d", i), &tenant.EventStreamArgs{
				Name:          pulumi.String(s.Name),
				Status:        pulumi.String(s.Status),
				Subscriptions: subscriptions,
				Destination: &tenant.EventStreamDestinationWebhookArgs{
					Type: pulumi.String("webhook"),
					Configuration: &tenant.EventStreamDestinationWebhookConfigurationArgs{
						WebhookEndpoint: pulumi.String(configuration.WebhookEndpoint),
						WebhookAuthorization: &tenant.EventStreamDestinationWebhookConfigurationWebhookAuthorizationBasicArgs{
							Method:   pulumi.String("basic"),
							Username: pulumi.String(configuration.WebhookAuthorization.Username),
							Password: password,
						},
					},
				},
			}); err != nil {
				return err
			}
		}
		if in.Template != "" {
			if _, err := tenant.NewLoginTemplate(ctx, "login", &tenant.LoginTemplateArgs{Template: pulumi.String(in.Template)}); err != nil {
				return err
			}
		}
		ctx.Export("formCount", pulumi.Int(len(in.Forms)))
		ctx.Export("streamCount", pulumi.Int(len(in.Streams)))
		return nil
	})
}
