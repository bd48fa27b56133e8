package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/user"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/toolgate/toolgate/approval"
	"github.com/toolgate/toolgate/policy"
)

const inboxHelp = `Usage:
  toolgate inbox list [--json] --state DIR
  toolgate inbox show ID --state DIR
  toolgate inbox approve ID [--code CODE] [--session] [--by NAME] --state DIR
  toolgate inbox deny ID [--note TEXT] [--by NAME] --state DIR

Works the approval inbox under DIR, where 'toolgate eval --state DIR' (or a
host) parks the calls of unattended runs that need a person's decision.

  list     every request, newest last; --json writes one record a line
  show     one request in full, with a fresh approval code; a code shown
           before is stale from then on
  approve  approves a waiting request: type back the code 'show' printed,
           with --code or when prompted (a terminal must be attached). A
           missing, stale (older than the last show, or than 10 minutes),
           reused, wrong or pre-typed (y, yes) code declines, and each code
           gets one try. --session also approves, for the rest of the
           session, every call with the same tool, agent and targets
  deny     declines a waiting request

With --state DIR, eval adds "approvalId" and "approvalState" to the line of
each such call. Once a request is approved, the next eval of the same call
(same id, session, task, tool, agent and resolved targets) is allowed once,
with reason approval.inbox and the "idempotencyKey" the call must pass on to
any external service; every later eval of it stays approval-required.

Every decision records who made it (the user name, or --by) and when.
Exit status: 0 done, 1 declined (a bad code, an expired or decided
request), 2 bad usage or an unreadable state folder.

Options:
`

func cmdInbox(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("inbox", inboxHelp, stderr)
	state := fs.String("state", "", "the state `DIR` (required)")
	asJSON := fs.Bool("json", false, "list: one JSON record a line")
	code := fs.String("code", "", "approve: the approval `CODE` that show printed")
	by := fs.String("by", "", "approve, deny: who decides (default: the user name)")
	session := fs.Bool("session", false, "approve: approve the same call for the rest of its session")
	note := fs.String("note", "", "deny: a note kept with the decision")
	fs.SetOutput(io.Discard)
	pos, err := parseInterleaved(fs, args)
	if errors.Is(err, flag.ErrHelp) || (len(pos) > 0 && pos[0] == "help") {
		fs.SetOutput(stdout)
		fs.Usage()
		return exitOK
	}
	fs.SetOutput(stderr)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		fs.Usage()
		return exitUsage
	}
	usage := func(msg string) int {
		fmt.Fprintln(stderr, "toolgate inbox: "+msg)
		fs.Usage()
		return exitUsage
	}
	if len(pos) == 0 {
		return usage("want a sub-command: list, show, approve or deny")
	}
	verb, pos := pos[0], pos[1:]
	want := 1
	if verb == "list" {
		want = 0
	}
	switch {
	case verb != "list" && verb != "show" && verb != "approve" && verb != "deny":
		return usage(fmt.Sprintf("unknown sub-command %q", verb))
	case len(pos) != want:
		return usage(fmt.Sprintf("%s takes %d argument(s), got %d", verb, want, len(pos)))
	case *state == "":
		return usage("--state DIR is required")
	}
	s, err := approval.OpenFile(*state)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		return exitUsage
	}
	defer s.Close()
	in := approval.New(s, approval.Options{})
	ctx := context.Background()
	who := func() (string, bool) {
		if *by != "" {
			return *by, true
		}
		u, err := user.Current()
		if err != nil || u.Username == "" {
			fmt.Fprintln(stderr, "toolgate inbox: cannot tell who you are; name yourself with --by NAME")
			return "", false
		}
		return u.Username, true
	}
	switch verb {
	case "list":
		return inboxList(ctx, in, *asJSON, stdout, stderr)
	case "show":
		return inboxShow(ctx, in, pos[0], *state, stdout, stderr)
	case "approve":
		name, ok := who()
		if !ok {
			return exitUsage
		}
		typed := *code
		if !codeGiven(fs) {
			if !isTerminal(stdin) {
				fmt.Fprintf(stderr, "toolgate inbox: declined: no --code given and no terminal to ask on; run 'toolgate inbox show %s' and type its code back\n", pos[0])
				return exitNegative
			}
			fmt.Fprintf(stderr, "Type the approval code that 'toolgate inbox show %s' printed: ", pos[0])
			line, _ := bufio.NewReader(stdin).ReadString('\n')
			typed = line
		}
		scope := approval.ScopeOnce
		if *session {
			scope = approval.ScopeSession
		}
		r, err := in.ApproveWithCode(ctx, pos[0], typed, name, scope)
		return decided(r, err, "approved", stdout, stderr)
	default: // deny
		name, ok := who()
		if !ok {
			return exitUsage
		}
		r, err := in.Deny(ctx, pos[0], name, *note)
		return decided(r, err, "denied", stdout, stderr)
	}
}

// parseInterleaved parses flags that come before, between and after the
// positional arguments, and returns the positional ones.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func codeGiven(fs *flag.FlagSet) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "code" })
	return given
}

// isTerminal reports whether r is a terminal a person types at (not
// merely a character device such as /dev/null).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && fdIsTerminal(f.Fd())
}

func decided(r *approval.Record, err error, what string, stdout, stderr io.Writer) int {
	switch {
	case errors.Is(err, approval.ErrNotFound):
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		return exitUsage
	case errors.Is(err, approval.ErrCodeDeclined), errors.Is(err, approval.ErrExpired), errors.Is(err, approval.ErrIllegalTransition):
		fmt.Fprintf(stderr, "toolgate inbox: declined: %v\n", err)
		return exitNegative
	case err != nil:
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		return exitUsage
	}
	fmt.Fprintf(stdout, "%s %s by %s at %s\n", r.ID, what, r.Decision.By, r.Decision.At.Format(time.RFC3339))
	return exitOK
}

func inboxList(ctx context.Context, in *approval.Inbox, asJSON bool, stdout, stderr io.Writer) int {
	rs, err := in.List(ctx)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		return exitUsage
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		for _, r := range rs {
			if err := enc.Encode(r); err != nil {
				fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
				return exitUsage
			}
		}
		return exitOK
	}
	if len(rs) == 0 {
		fmt.Fprintln(stdout, "The inbox is empty.")
		return exitOK
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tSTATE\tCREATED\tTOOL\tTARGET\tSURFACE\tTASK/SESSION")
	for _, r := range rs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.State, r.Created.Local().Format("2006-01-02 15:04"),
			r.Tool, clip(targets(r), 40), r.Surface, clip(strings.Trim(r.Task+"/"+r.Session, "/"), 24))
	}
	tw.Flush()
	return exitOK
}

func targets(r *approval.Record) string {
	var parts []string
	for _, t := range r.Targets {
		v := t.Resolved
		if v == "" {
			v = t.Value
		}
		parts = append(parts, t.Argument+"="+v)
	}
	return strings.Join(parts, " ")
}

// clip makes text from a call safe to show a person: every character that
// does not print (control characters, terminal escapes, bidirectional
// overrides that would make a target read as another) becomes '?', and the
// text is cut at n characters.
func clip(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if !unicode.IsPrint(r) {
			return '?'
		}
		return r
	}, s)
	if len([]rune(s)) > n {
		return string([]rune(s)[:n-1]) + "…"
	}
	return s
}

func inboxShow(ctx context.Context, in *approval.Inbox, id, state string, stdout, stderr io.Writer) int {
	r, err := in.Get(ctx, id)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate inbox: %v\n", err)
		return exitUsage
	}
	code := ""
	var codeErr error
	if r.State == approval.StateWaiting {
		code, r, codeErr = in.IssueCode(ctx, id)
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	row := func(k, v string) {
		if v != "" {
			fmt.Fprintf(w, "%s\t%s\n", k, clip(v, 200))
		}
	}
	row("id", r.ID)
	row("state", string(r.State)+strings.TrimSuffix("/"+string(r.Checkpoint), "/"))
	row("tool", r.Tool)
	for _, t := range r.Targets {
		v := t.Value
		if t.Resolved != "" && t.Resolved != t.Value {
			v += " (" + t.Resolved + ")"
		}
		row("target "+t.Argument, v)
	}
	// The call's other arguments, as the record keeps them (redacted:
	// a secret, and a message body, read [REDACTED]), so that whoever
	// approves sees every part of the call the approval lets run.
	for _, k := range slices.Sorted(maps.Keys(r.Arguments)) {
		if slices.ContainsFunc(r.Targets, func(t policy.Target) bool { return t.Argument == k }) {
			continue
		}
		v, ok := r.Arguments[k].(string)
		if !ok {
			b, err := json.Marshal(r.Arguments[k])
			if err != nil {
				b = []byte("?")
			}
			v = string(b)
		}
		row("argument "+clip(k, 40), cmp.Or(v, `""`))
	}
	row("risk", r.Risk)
	row("reason", string(r.Reason)+strings.TrimSuffix(" "+r.Rule, " "))
	row("message", r.Message)
	row("surface", string(r.Surface))
	row("session", r.Session)
	row("task", r.Task)
	row("goal", r.Goal)
	row("agent", r.Agent)
	row("parent", r.Parent)
	row("call", r.CallID)
	row("created", r.Created.Local().Format(time.RFC3339))
	row("expires", r.Expires.Local().Format(time.RFC3339))
	if d := r.Decision; d != nil {
		verdict := "denied"
		if d.Approved {
			verdict = "approved (" + string(d.Scope) + ")"
		}
		row("decision", fmt.Sprintf("%s by %s at %s", verdict, d.By, d.At.Local().Format(time.RFC3339)))
		row("note", d.Note)
	}
	row("idempotency key", r.IdempotencyKey)
	if r.Attempts > 0 {
		row("attempts", fmt.Sprint(r.Attempts))
	}
	row("error", r.Error)
	w.Flush()
	switch {
	case codeErr != nil:
		fmt.Fprintf(stderr, "toolgate inbox: no approval code: %v\n", codeErr)
		return exitNegative
	case code != "":
		fmt.Fprintf(stdout, "\nTo approve, type back this code within %s (it is valid until the next show):\n\n    %s\n\n  toolgate inbox approve %s --code %s --state %s\n",
			approval.DefaultCodeTTL, code, r.ID, code, shellQuote(state))
	}
	return exitOK
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
