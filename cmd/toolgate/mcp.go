package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/toolgate/toolgate/mcpreview"
)

const mcpHelp = `Usage:
  toolgate mcp review --state DIR --connection CONN.json --tools TOOLS.json --select TOOL,TOOL
  toolgate mcp check  --state DIR --connection CONN.json --tools TOOLS.json
  toolgate mcp list   --state DIR [--json]
  toolgate mcp forget --state DIR NAME

Keeps a person's review of MCP connections in the state folder DIR (the one
the approval inbox uses), under DIR/mcp. Only the selected tools of a
reviewed connection are usable, and only while the connection and the
tools' metadata are what was reviewed; every other tool, new ones included,
is disabled until reviewed again.

review  records the connection and selects tools from a fresh listing
        (--select "" selects none); the others are disabled.
check   says, one line per tool of a fresh listing, whether it is usable,
        or why not; exits 1 when any is denied.
list    shows every review.
forget  removes a review, which disables all the connection's tools.

CONN.json describes the connection (unknown fields are an error):
  {"name": "github", "transport": "stdio",
   "command": ["npx", "-y", "@modelcontextprotocol/server-github"],
   "dir": "", "env": {"GITHUB_TOKEN": "env:GITHUB_TOKEN"}}
  {"name": "docs", "transport": "http", "url": "https://mcp.example.com/",
   "headers": {"Authorization": "env:DOCS_TOKEN"}}
Give secrets by reference, never by value.

TOOLS.json is the server's tools/list answer: the JSON-RPC response, its
result {"tools": [...]}, or the array itself. Of each tool, name, title,
description, inputSchema, outputSchema and annotations are reviewed.

Exit status: 0 done, 1 a tool denied by check, 2 bad usage or input.

Options:
`

// maxListing bounds a connection or tools file.
const maxListing = 16 << 20

func cmdMCP(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mcp", mcpHelp, stderr)
	state := fs.String("state", "", "the state `DIR` (required)")
	connPath := fs.String("connection", "", "the connection description `FILE` (review, check)")
	toolsPath := fs.String("tools", "", "the tools/list answer `FILE` (review, check)")
	selected := fs.String("select", "", "the `TOOLS` to enable, separated by commas (review)")
	asJSON := fs.Bool("json", false, "write the reviews as JSON (list)")
	if len(args) == 0 || isHelp(args[0]) {
		if len(args) == 0 {
			fmt.Fprintln(stderr, "toolgate mcp: want a sub-command: review, check, list or forget")
			fs.Usage()
			return exitUsage
		}
		code, _ := parseFlags(fs, []string{"--help"}, stdout)
		return code
	}
	sub := args[0]
	if code, done := parseFlags(fs, args[1:], stdout); done {
		return code
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	usage := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "toolgate mcp %s: "+format+"\n", append([]any{sub}, a...)...)
		return exitUsage
	}
	var want, allowed []string
	switch sub {
	case "review":
		want, allowed = []string{"state", "connection", "tools", "select"}, []string{}
	case "check":
		want, allowed = []string{"state", "connection", "tools"}, []string{}
	case "list":
		want, allowed = []string{"state"}, []string{"json"}
	case "forget":
		want, allowed = []string{"state"}, []string{}
	default:
		fmt.Fprintf(stderr, "toolgate mcp: unknown sub-command %q\n", sub)
		fs.Usage()
		return exitUsage
	}
	for _, name := range want {
		if !given[name] {
			return usage("--%s is required", name)
		}
	}
	for name := range given {
		if !slices.Contains(want, name) && !slices.Contains(allowed, name) {
			return usage("--%s does not apply", name)
		}
	}
	if (sub == "forget") != (fs.NArg() == 1) || fs.NArg() > 1 {
		return usage("unexpected arguments %q", fs.Args())
	}
	store, err := mcpreview.Open(*state)
	if err != nil {
		return usage("%v", err)
	}
	switch sub {
	case "review", "check":
		conn, tools, err := readListing(*connPath, *toolsPath)
		if err != nil {
			return usage("%v", err)
		}
		if sub == "check" {
			return mcpCheck(store, conn, tools, stdout, stderr)
		}
		var names []string
		for n := range strings.SplitSeq(*selected, ",") {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		r, err := store.Review(conn, tools, names, time.Now())
		if err != nil {
			return usage("%v", err)
		}
		fmt.Fprintf(stdout, "reviewed %s (%s)\n", r.Name, r.Identity)
		printReview(stdout, r)
	case "list":
		reviews, err := store.List()
		if *asJSON {
			if reviews == nil {
				reviews = []mcpreview.Review{}
			}
			b, _ := json.MarshalIndent(reviews, "", "  ")
			fmt.Fprintf(stdout, "%s\n", b)
		} else {
			for _, r := range reviews {
				target := r.URL
				if r.Transport == mcpreview.TransportStdio {
					target = fmt.Sprintf("%q", r.Command)
				}
				fmt.Fprintf(stdout, "%s %s %s reviewed %s %s\n", r.Name, r.Transport, target, r.ReviewedAt.Format(time.RFC3339), r.Identity)
				printReview(stdout, r)
			}
		}
		if err != nil {
			return usage("%v", err)
		}
	case "forget":
		if err := store.Forget(fs.Arg(0)); err != nil {
			return usage("%v", err)
		}
		fmt.Fprintf(stdout, "forgot %s: its tools are disabled\n", fs.Arg(0))
	}
	return exitOK
}

func printReview(w io.Writer, r mcpreview.Review) {
	for _, name := range slices.Sorted(maps.Keys(r.Selected)) {
		fmt.Fprintf(w, "  selected %s %s\n", name, r.Selected[name])
	}
	for _, name := range r.Declined {
		fmt.Fprintf(w, "  disabled %s\n", name)
	}
}

func mcpCheck(store *mcpreview.Store, conn mcpreview.Connection, tools []mcpreview.Tool, stdout, stderr io.Writer) int {
	res, err := store.Check(conn, tools)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate mcp check: %v\n", err)
		return exitUsage
	}
	code := exitOK
	for _, t := range tools {
		if d, denied := res.Decide("", t.Name); denied {
			fmt.Fprintf(stdout, "deny %s %q: %s\n", d.Reason, t.Name, d.Message)
			code = exitNegative
			continue
		}
		fmt.Fprintf(stdout, "usable %q\n", t.Name)
	}
	return code
}

// readListing reads a connection description and a tools/list answer.
func readListing(connPath, toolsPath string) (mcpreview.Connection, []mcpreview.Tool, error) {
	var conn mcpreview.Connection
	b, err := readBounded(connPath)
	if err != nil {
		return conn, nil, err
	}
	if conn, err = mcpreview.DecodeConnection(b); err != nil {
		return conn, nil, fmt.Errorf("%s: %w", connPath, err)
	}
	if b, err = readBounded(toolsPath); err != nil {
		return conn, nil, err
	}
	tools, err := mcpreview.DecodeListing(b)
	if err != nil {
		return conn, nil, fmt.Errorf("%s: %w", toolsPath, err)
	}
	return conn, tools, nil
}

func readBounded(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxListing+1))
	if err == nil && len(b) > maxListing {
		err = fmt.Errorf("%s: larger than %d bytes", path, maxListing)
	}
	return b, err
}
