#!/usr/bin/env bash
# Scheduled drift detection: a refresh preview that must show no changes.
# Exit 0: the tenant matches the code. Non-zero: drift (or an error), details on stdout.
#   usage: drift.sh <stack> [project dir]
set -uo pipefail
stack="$1"; dir="${2:-.}"
pulumi preview --stack "$stack" --cwd "$dir" --refresh --expect-no-changes --diff --non-interactive --color never
