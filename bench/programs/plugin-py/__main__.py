"""The benchmark's stack of mixed resources from Python, through the resource plugin and its SDK
(pulumi_tenant): the same objects as the TypeScript programs. bench/lib/programs.ts writes the
stack's resources beside this file as plan.json (bench/programs/scenario.ts, `scenarioPlan`), in
the API's names, with other resources' ids as {"$ref": name}, text built from them as
{"$concat": [...]} and the webhook password as {"$secret": key}: resolved here as a Python
program writes them (`form.id`, `pulumi.Output.concat`, `cfg.require_secret`)."""

import json
import os

import pulumi
import pulumi_tenant as tenant

cfg = pulumi.Config()
ids = {}
secrets = {}


def resolve(value):
    """`value` with its markers resolved."""
    if isinstance(value, list):
        return [resolve(item) for item in value]
    if not isinstance(value, dict):
        return value
    if "$ref" in value:
        return ids[value["$ref"]]
    if "$concat" in value:
        return pulumi.Output.concat(*[resolve(part) for part in value["$concat"]])
    if "$secret" in value:
        key = value["$secret"]
        if key not in secrets:
            secrets[key] = cfg.require_secret(key)
        return secrets[key]
    return {key: resolve(item) for key, item in value.items()}


with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "plan.json"), encoding="utf-8") as f:
    plan = json.load(f)

counts = {}
for entry in plan:
    resource = getattr(tenant, entry["type"])(entry["name"], **resolve(entry["args"]))
    ids[entry["name"]] = resource.id
    counts[entry["type"]] = counts.get(entry["type"], 0) + 1

pulumi.export("formCount", counts.get("Form", 0))
pulumi.export("flowCount", counts.get("Flow", 0))
pulumi.export("streamCount", counts.get("EventStream", 0))
pulumi.export("actionCount", counts.get("Action", 0))
