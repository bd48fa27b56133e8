#!/usr/bin/env bash
# The test command: every check a change must pass, in the order a failure
# is cheapest to find. Needs only Go; staticcheck comes from the module proxy
# at a pinned version. FUZZTIME sets how long each fuzz target runs.
set -euo pipefail
cd "$(dirname "$0")/.."

FUZZTIME="${FUZZTIME:-10s}"
STATICCHECK="honnef.co/go/tools/cmd/staticcheck@v0.8.2"

step() { printf '\n== %s\n' "$*"; }

step "gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then
  echo "these files are not gofmt-clean:"; echo "$unformatted"; exit 1
fi

step "go vet (linux, windows, darwin)"
go vet ./...
GOOS=windows go vet ./...
GOOS=darwin go vet ./...

step "staticcheck"
go run "$STATICCHECK" ./...

step "go test -race"
go test -race -count=1 ./...

step "allocation bounds, without the race detector (whose pools drop some of what is put back)"
go test -count=1 -run 'TestCallStateIsPooled' ./hardline

step "fuzz targets, $FUZZTIME each"
for pkg in $(go list ./...); do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "-- $pkg $target"
    bash scripts/fuzz.sh "$pkg" "$target" "$FUZZTIME"
  done
done

step "store/postgres, a separate module (see store/postgres/README.md)"
# Its vet, staticcheck, tests and fuzz targets run with CI=true: a missing
# PostgreSQL server is a failure. .ci/postgres.sh installs the server when
# its binaries are missing.
FUZZTIME="$FUZZTIME" bash .ci/postgres.sh

step "all checks passed"
