#!/usr/bin/env bash
# Deploy after merge: finish what a killed run left, then `pulumi up` of a stack.
#   usage: up.sh <stack> [project dir]
# Why the first step: a runner killed while a create was in flight leaves a pending create in
# the stack's state (the shared backend), and forms and event streams have no idempotency key:
# a plain `pulumi up` would create the object again. `pulumi-tenant recover` reads the state and
# the tenant from this runner (nothing of the killed runner is needed) and hands the objects it
# finds to the engine; with nothing pending it returns at once.
# A lock left by the killed run makes `pulumi up` fail with "the stack is currently locked":
# when you know no other run is deploying, `pulumi cancel --yes --stack <stack>` releases it.
set -euo pipefail
stack="$1"; dir="${2:-.}"
npx --no-install pulumi-tenant recover --stack "$stack" --cwd "$dir"
pulumi up --stack "$stack" --cwd "$dir" --yes --skip-preview --non-interactive --color never
