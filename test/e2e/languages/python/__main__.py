"""The languages end-to-end test's Python program (test/e2e/languages.test.ts).

Every kind and every lookup through the plugin, with the generated SDK `pulumi_tenant`:
the default provider (`tenant:*` config) and an explicit `tenant.Provider` for a second
tenant. Inputs come from ../scenario.json, shared with the Go and TypeScript programs.
"""
import json
import os

import pulumi
import pulumi_tenant as tenant

cfg = pulumi.Config()
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scenario.json")) as f:
    scenario = json.load(f)

form_inputs = dict(scenario["form"], name=cfg.get("formName") or scenario["form"]["name"])
form = tenant.Form("signup", **form_inputs)

stream = tenant.EventStream(
    "audit",
    name=scenario["stream"]["name"],
    subscriptions=scenario["stream"]["subscriptions"],
    destination={
        "type": "webhook",
        "configuration": {
            "webhook_endpoint": scenario["stream"]["endpoint"],
            "webhook_authorization": {"method": "bearer", "token": cfg.require_secret("hookToken")},
        },
    },
)

template = tenant.LoginTemplate("login", template=scenario["template"])
policy = tenant.RateLimitPolicy(
    "default-policy",
    resource=scenario["policy"]["resource"],
    consumer=scenario["policy"]["consumer"],
    consumer_selector=scenario["policy"]["consumerSelector"],
    configuration=scenario["policy"]["configuration"],
)

other = tenant.Provider(
    "other",
    domain=cfg.require("otherDomain"),
    client_id=cfg.require("otherClientId"),
    client_secret=cfg.require_secret("otherClientSecret"),
)
other_form = tenant.Form(
    "other-signup", **dict(scenario["form"], name="Other sign-up"), opts=pulumi.ResourceOptions(provider=other)
)
# A second explicit provider, for a third tenant.
third = tenant.Provider(
    "third",
    domain=cfg.require("thirdDomain"),
    client_id=cfg.require("thirdClientId"),
    client_secret=cfg.require_secret("thirdClientSecret"),
)
third_form = tenant.Form(
    "third-signup", **dict(scenario["form"], name="Third sign-up"), opts=pulumi.ResourceOptions(provider=third)
)

extra_name = cfg.get("extraFormName")
if extra_name:
    tenant.Form("extra", **dict(scenario["form"], name=extra_name))

pulumi.export("formId", form.id)
pulumi.export("streamId", stream.id)
pulumi.export("policyId", policy.id)
pulumi.export("otherFormId", other_form.id)
pulumi.export("thirdFormId", third_form.id)
pulumi.export("lookedUpFormName", tenant.get_form_output(id=form.id).name)
pulumi.export("lookedUpStreamStatus", tenant.get_event_stream_output(name=stream.name).status)
pulumi.export("lookedUpPolicyLimit", tenant.get_rate_limit_policy_output(id=policy.id).configuration["limit"])
pulumi.export(
    "policyCount",
    tenant.get_rate_limit_policies_output(consumer_selector=policy.consumer_selector).rate_limit_policies.apply(len),
)
pulumi.export(
    "templateLength",
    tenant.get_login_template_output(opts=pulumi.InvokeOutputOptions(depends_on=[template])).template.apply(len),
)
pulumi.export(
    "otherFormName",
    tenant.get_form_output(id=other_form.id, opts=pulumi.InvokeOutputOptions(provider=other)).name,
)
pulumi.export(
    "thirdFormName",
    tenant.get_form_output(id=third_form.id, opts=pulumi.InvokeOutputOptions(provider=third)).name,
)
