#!/usr/bin/env bash
# Scheduled drift detection: does the tenant still match the code, and does it hold objects
# that no stack manages (made by hand in the dashboard)?
#   usage: drift.sh <stack> [project dir] [comment file]
# With a comment file, the drift is also written as the pull-request review renders a preview
# (what `pulumi up --refresh` would change, by id, forms drawn, secrets masked): drift.yml
# puts it on the run's summary page.
# Exit 0: clean. 2: drift (fields that differ, per resource). 4: objects no stack of the backend
# manages, each with the line that adopts it. 6: both. 1: an error.
# Undoing drift takes `pulumi up --refresh`: a plain `pulumi up` compares the code with the
# stack's state, not with the tenant, so it would change nothing.
# Every stack of the backend is read to decide what is managed; stacks in other backends that
# share the tenant count when named in `tenant:ownershipBackends` (or PULUMI_TENANT_OWNERSHIP_BACKENDS).
set -uo pipefail
stack="$1"; dir="${2:-.}"; comment="${3:-}"
npx --no-install pulumi-tenant drift --stack "$stack" --cwd "$dir" --unmanaged ${comment:+--comment "$comment"}
