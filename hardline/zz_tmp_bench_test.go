package hardline

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

const tmpScript = `set -euo pipefail
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

func BenchmarkTmpParse(b *testing.B) {
	p := syntax.NewParser()
	b.ReportAllocs()
	for b.Loop() {
		p.Parse(strings.NewReader(tmpScript), "")
	}
}

func BenchmarkTmpLexical(b *testing.B) {
	a := testAnalyzer(b)
	env := testEnv()
	env.Canonical = nil
	b.ReportAllocs()
	for b.Loop() {
		a.Command(tmpScript, env)
	}
}

func BenchmarkTmpIdentity(b *testing.B) {
	a := testAnalyzer(b)
	env := testEnv()
	n := 0
	env.Canonical = func(s string) (string, error) { n++; return s, nil }
	b.ReportAllocs()
	for b.Loop() {
		a.Command(tmpScript, env)
	}
	b.ReportMetric(float64(n)/float64(b.N), "lookups/op")
}
