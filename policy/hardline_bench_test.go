package policy_test

import (
	"strings"
	"testing"

	"github.com/toolgate/toolgate/policy"
)

// shellScript2KiB is a build and release script of about 2 KiB, run as one
// shell call.
const shellScript2KiB = `set -euo pipefail
BUILD=./build
DIST=./dist
rm -rf "$BUILD" "$DIST"
mkdir -p "$BUILD" "$DIST"
if ! command -v go >/dev/null 2>&1; then
  echo "go is required" >&2
  exit 1
fi
go mod download
go vet ./...
go test -race -count=1 ./... 2>&1 | tee "$BUILD/test.log"
for os in linux darwin windows; do
  for arch in amd64 arm64; do
    GOOS=$os GOARCH=$arch CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$BUILD/app-$os-$arch" ./cmd/app
  done
done
find "$BUILD" -type f -name 'app-*' -exec sha256sum {} + > "$DIST/SHA256SUMS"
cp README.md LICENSE "$DIST/"
tar -C "$BUILD" -czf "$DIST/app.tar.gz" .
cleanup() {
  rm -rf ./tmp
  find . -name '*.orig' -delete
}
trap cleanup EXIT
cat > "$DIST/manifest.json" <<EOF
{"name": "app", "built": "today"}
EOF
ls -la "$DIST" | awk '{print $5, $9}' | sort -n
if [ -n "${CI:-}" ]; then
  echo "::group::coverage"
  go test -coverprofile="$BUILD/cover.out" ./... >/dev/null
  go tool cover -func="$BUILD/cover.out" | tail -n 1
  echo "::endgroup::"
fi
while read -r line; do
  case "$line" in
    *FAIL*) echo "failure: $line" >&2 ;;
    *) : ;;
  esac
done < "$BUILD/test.log"
npm ci --prefix web && npm run build --prefix web
rsync -a --delete web/dist/ "$DIST/web/"
git status --porcelain | grep -q . && echo "tree is dirty" || echo "tree is clean"
export GOFLAGS=-mod=readonly
sed -i "s/^version: .*/version: 1.0.0/" chart/Chart.yaml
chmod -R u+rwX,go-w "$DIST"
grep -c . "$BUILD/test.log" || true
du -sh "$DIST"
git add -A && git commit -q -m "release build" || true
docker build -t app:latest --build-arg VERSION=1.0.0 .
echo "artifacts in $DIST"
make -C docs html
python3 -m pytest -q tests/ || echo "python tests failed"
go run ./cmd/gen -o ./internal/gen/
go generate ./...
gofmt -l . | tee "$BUILD/gofmt.txt"
test ! -s "$BUILD/gofmt.txt" || { echo "gofmt needed" >&2; exit 1; }
git log --oneline -n 20 > "$DIST/CHANGES.txt"
for f in "$DIST"/*.tar.gz; do sha256sum "$f" >> "$DIST/SHA256SUMS"; done
echo done
`

// BenchmarkEvaluateShell is a shell call through Engine.Evaluate, as a host
// makes it, with the engine's roots resolving paths canonically (through
// the file system).
func BenchmarkEvaluateShell(b *testing.B) {
	if n := len(shellScript2KiB); n < 1900 || n > 2300 {
		b.Fatalf("script is %d bytes", n)
	}
	for _, c := range []struct {
		name, cmd string
		extra     map[string]any
	}{
		{"one-line", "git status && go test ./...", nil},
		{"script-2KiB", shellScript2KiB, nil},
		// A host's shell tool that sends a description and an environment
		// beside the command: each is judged as the command's input or
		// environment too.
		{"one-line-described", "git status && go test ./...", map[string]any{"description": "run the tests", "env": map[string]any{"CI": "1"}}},
	} {
		b.Run(c.name, func(b *testing.B) {
			_, e := benchEngine(b, nil)
			args := map[string]any{"command": c.cmd}
			for k, v := range c.extra {
				args[k] = v
			}
			call := policy.Call{ID: "c1", Tool: "shell", Args: args}
			if d := e.Evaluate(call); d.Verdict != policy.Allow {
				b.Fatalf("got %v (%s: %s), want allow", d.Verdict, d.Reason, strings.TrimSpace(d.Message))
			}
			b.ReportAllocs()
			for b.Loop() {
				e.Evaluate(call)
			}
		})
	}
}
