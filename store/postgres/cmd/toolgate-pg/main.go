// Command toolgate-pg manages toolgate's PostgreSQL store: it applies the
// schema's migrations and verifies or exports an audit stream. The core
// `toolgate` command does not link the database driver; this one does.
//
// The connection string comes from TOOLGATE_PG_DSN or the PG* variables,
// never from the command line, so that it never shows in a process list
// or a shell history.
//
// Usage:
//
//	toolgate-pg migrate
//	toolgate-pg audit verify --stream NAME
//	toolgate-pg audit export --stream NAME
//
// Exit status: 0 done, 1 a check failed (the chain is broken) or the
// database failed, 2 bad usage.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/store/postgres"
)

const usage = `usage:
  toolgate-pg migrate                         apply the schema's migrations
  toolgate-pg audit verify --stream NAME      check the hash chain of an audit stream
  toolgate-pg audit export --stream NAME      write an audit stream as JSON Lines

The connection string is read from TOOLGATE_PG_DSN, or from the PG*
variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE, ...) when it is
unset. It is never taken from the command line.
`

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	for _, a := range args {
		if a == "--dsn" || strings.HasPrefix(a, "--dsn=") || a == "-dsn" || strings.HasPrefix(a, "-dsn=") {
			fmt.Fprintln(stderr, "toolgate-pg: --dsn: the connection string is read from TOOLGATE_PG_DSN or the PG* variables, never from the command line")
			return 2
		}
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return 0
	case "migrate":
		return migrate(args[1:], stdout, stderr)
	case "audit":
		if len(args) < 2 {
			fmt.Fprint(stderr, usage)
			return 2
		}
		switch args[1] {
		case "verify", "export":
			return auditVerb(args[1], args[2:], stdout, stderr)
		case "-h", "-help", "--help":
			fmt.Fprint(stdout, usage)
			return 0
		}
	}
	fmt.Fprintf(stderr, "toolgate-pg: unknown command %q\n%s", strings.Join(args, " "), usage)
	return 2
}

func migrate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stdout, "usage: toolgate-pg migrate\n\nApplies the schema's missing migrations, each in its own transaction.\n")
	}
	if err := fs.Parse(args); err != nil {
		return helpOrUsage(err)
	}
	if fs.NArg() != 0 {
		fmt.Fprintf(stderr, "toolgate-pg migrate: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	pool, err := postgres.Connect(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "toolgate-pg:", err)
		return 1
	}
	defer pool.Close()
	applied, err := postgres.Migrate(ctx, pool)
	for _, v := range applied {
		fmt.Fprintf(stdout, "applied migration %d\n", v)
	}
	if err != nil {
		fmt.Fprintln(stderr, "toolgate-pg:", err)
		return 1
	}
	v, err := postgres.SchemaVersion(ctx, pool)
	if err != nil {
		fmt.Fprintln(stderr, "toolgate-pg:", err)
		return 1
	}
	fmt.Fprintf(stdout, "schema at version %d\n", v)
	return 0
}

func auditVerb(verb string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("audit "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	stream := fs.String("stream", "", "the audit stream")
	fs.Usage = func() {
		fmt.Fprintf(stdout, "usage: toolgate-pg audit %s --stream NAME\n\n", verb)
		if verb == "verify" {
			fmt.Fprint(stdout, "Checks every link of the stream's hash chain and its head. Exit 1 names the first broken line.\n")
		} else {
			fmt.Fprint(stdout, "Writes the stream to stdout as JSON Lines, the format `toolgate audit verify` reads.\n")
		}
	}
	if err := fs.Parse(args); err != nil {
		return helpOrUsage(err)
	}
	if *stream == "" || fs.NArg() != 0 {
		fmt.Fprintf(stderr, "toolgate-pg audit %s: --stream NAME is required, and nothing else\n", verb)
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	pool, err := postgres.Connect(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "toolgate-pg:", err)
		return 1
	}
	defer pool.Close()
	if verb == "export" {
		if _, err := postgres.Export(ctx, pool, *stream, stdout); err != nil {
			fmt.Fprintln(stderr, "toolgate-pg:", err)
			return 1
		}
		return 0
	}
	h, err := postgres.Verify(ctx, pool, *stream)
	if errors.Is(err, audit.ErrBrokenChain) {
		fmt.Fprintf(stdout, "stream %q: broken: %v\n", *stream, err)
		return 1
	}
	if err != nil {
		fmt.Fprintln(stderr, "toolgate-pg:", err)
		return 1
	}
	fmt.Fprintf(stdout, "stream %q: ok, %d events, head %s\n", *stream, h.Events, h.Hash)
	return 0
}

func helpOrUsage(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	return 2
}
