package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/toolgate/toolgate/audit"
)

const auditHelp = `Usage:
  toolgate audit verify [--head HASH] FILE   check the hash chain of an audit file
  toolgate audit tail [-n N] FILE            print the last N events readably

verify reports the first line whose link to the line before is broken (the
line before was changed) or missing (lines removed, inserted or reordered),
and exits 1 when there is one. It prints the chain's head: keep it where the
file's writer cannot change it, and give it back with --head to check that
no line was removed from the end since.

Files larger than 64 MiB are refused whole (exit 2).
`

func cmdAudit(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, auditHelp)
		return exitUsage
	}
	switch args[0] {
	case "verify":
		return cmdAuditVerify(args[1:], stdout, stderr)
	case "tail":
		return cmdAuditTail(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, auditHelp)
		return exitOK
	}
	fmt.Fprintf(stderr, "toolgate audit: unknown verb %q\n\n%s", args[0], auditHelp)
	return exitUsage
}

// auditFlags parses a sub-verb's flags and its one FILE argument.
func auditFlags(fs *flag.FlagSet, args []string, stdout, stderr io.Writer) (string, int, bool) {
	if helpOnStdout(fs, args, stdout) {
		return "", exitOK, false
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return "", exitOK, false
		}
		return "", exitUsage, false
	}
	if fs.NArg() != 1 {
		fmt.Fprintf(stderr, "toolgate audit %s: one FILE is required\n", fs.Name())
		fs.Usage()
		return "", exitUsage, false
	}
	return fs.Arg(0), exitOK, true
}

func readAudit(name, path string, stderr io.Writer) ([]byte, bool) {
	data, err := audit.ReadFile(path, 0)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate audit %s: %v\n", name, err)
		return nil, false
	}
	return data, true
}

func cmdAuditVerify(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("verify", auditHelp+"\nOptions of verify:\n", stderr)
	kept := fs.String("head", "", "the `HASH` of a head kept earlier, which the chain must pass through")
	path, code, ok := auditFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	data, ok := readAudit("verify", path, stderr)
	if !ok {
		return exitUsage
	}
	head, err := audit.Verify(data)
	if *kept != "" {
		head, err = audit.VerifyHead(data, *kept)
	}
	if err != nil {
		fmt.Fprintf(stdout, "%s: %v\n", path, err)
		fmt.Fprintf(stdout, "%s: the first %d events are intact\n", path, head.Events)
		return exitNegative
	}
	fmt.Fprintf(stdout, "%s: %d events, chain intact, head %s\n", path, head.Events, head.Hash)
	return exitOK
}

func cmdAuditTail(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("tail", auditHelp+"\nOptions of tail:\n", stderr)
	n := fs.Int("n", 10, "print the last `N` events; 0 prints all")
	path, code, ok := auditFlags(fs, args, stdout, stderr)
	if !ok {
		return code
	}
	data, ok := readAudit("tail", path, stderr)
	if !ok {
		return exitUsage
	}
	recs := audit.Records(data)
	if *n > 0 && len(recs) > *n {
		recs = recs[len(recs)-*n:]
	}
	for _, r := range recs {
		fmt.Fprintln(stdout, formatRecord(r))
	}
	return exitOK
}

// formatRecord prints one event on one line: time, sequence, kind and
// status, then the fields that are set.
func formatRecord(r audit.Record) string {
	if r.Err != nil {
		return fmt.Sprintf("line %d: unreadable: %v", r.Line, r.Err)
	}
	e := r.Event
	var b strings.Builder
	fmt.Fprintf(&b, "%s #%d %s", e.Time.UTC().Format(time.RFC3339), e.Seq, e.Kind)
	if e.Status != "" {
		b.WriteString(" " + e.Status)
	}
	field := func(k, v string) {
		if v != "" {
			fmt.Fprintf(&b, " %s=%s", k, quoteIfNeeded(v))
		}
	}
	field("tool", e.Tool)
	field("session", e.Session)
	field("task", e.Task)
	field("agent", e.Agent)
	field("surface", string(e.Surface))
	field("risk", string(e.Risk))
	field("reason", string(e.Reason))
	field("rule", e.Rule)
	field("resources", strings.Join(e.Resources, ","))
	field("standing", e.StandingApproval)
	field("approver", e.Approver)
	field("call", e.CallID)
	field("decision", e.DecisionID)
	field("message", e.Message)
	field("error", e.Error)
	field("redacted", strings.Join(e.Redacted, ","))
	return b.String()
}

// quoteIfNeeded quotes a value holding spaces, quotes or control
// characters, so one event stays one line.
func quoteIfNeeded(s string) string {
	if strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == '"' || r == 0x7f }) {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// helpOnStdout prints a verb's help on standard output when its arguments
// ask for it, and reports whether they did.
func helpOnStdout(fs *flag.FlagSet, args []string, stdout io.Writer) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-h" || a == "-help" || a == "--help" {
			errOut := fs.Output()
			fs.SetOutput(stdout)
			fs.Usage()
			fs.SetOutput(errOut)
			return true
		}
	}
	return false
}
