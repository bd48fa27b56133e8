#!/usr/bin/env bash
# Installs PostgreSQL's server binaries when they are missing (Debian or
# Ubuntu), then runs the store/postgres module's checks with CI=true, so a
# missing server fails instead of skipping. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."

have_server() {
  command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && return 0
  compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null
}

if ! have_server; then
  echo "== installing PostgreSQL"
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends postgresql
fi

export CI=true
STATICCHECK="honnef.co/go/tools/cmd/staticcheck@v0.8.2"
cd store/postgres
echo "== store/postgres: go vet (linux, windows, darwin)"
go vet ./...
GOOS=windows go vet ./...
GOOS=darwin go vet ./...
echo "== store/postgres: staticcheck"
go run "$STATICCHECK" ./...
echo "== store/postgres: go test -race"
go test -race -count=1 ./...
echo "== store/postgres: fuzz targets, ${FUZZTIME:-15s} each"
for target in $(go test -list '^Fuzz' . | grep '^Fuzz' || true); do
  bash ../../scripts/fuzz.sh . "$target" "${FUZZTIME:-15s}"
done
