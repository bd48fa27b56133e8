#!/usr/bin/env bash
# Runs every benchmark on one core, six times, and summarizes the runs with
# benchstat. Usage: bash scripts/bench.sh [OUT.txt]
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-bench.txt}"
go test -run='^$' -bench=. -benchmem -count=6 -cpu=1 ./... | tee "$out"
go run golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da "$out"
