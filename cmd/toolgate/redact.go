package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/toolgate/toolgate/audit"
	"github.com/toolgate/toolgate/policyfile"
)

const redactHelp = `Usage: toolgate redact --policy FILE < IN > OUT

Reads text on standard input and writes it to standard output with secrets
removed, so a log can be shared: the values of the policy's configured
secrets (read from the environment variables its "secrets" list names) in
their plain, JSON, URL and base64 forms, and every known secret shape
(cloud keys, GitHub, GitLab, Slack, Stripe and OpenAI-style tokens, JWTs,
private keys, authorization values, passwords in URLs, the value after a
secret-named key).

Input larger than 64 MiB is refused whole. A configured secret whose
variable is unset is an error: exit 2, nothing written.

Options:
`

// maxRedactInput is the most redact reads.
const maxRedactInput = audit.DefaultMaxFile

func cmdRedact(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlags("redact", redactHelp, stderr)
	policyPath := fs.String("policy", "", "the policy `FILE` whose secrets to redact (required)")
	if helpOnStdout(fs, args, stdout) {
		return exitOK
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *policyPath == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "toolgate redact: --policy FILE is required and no other argument is taken")
		fs.Usage()
		return exitUsage
	}
	p, err := policyfile.Load(*policyPath, policyfile.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "toolgate redact: %v\n", err)
		return exitUsage
	}
	red, err := policyRedactor(p)
	if err != nil {
		fmt.Fprintf(stderr, "toolgate redact: %v\n", err)
		return exitUsage
	}
	defer red.Wipe()
	in, err := io.ReadAll(io.LimitReader(stdin, maxRedactInput+1))
	if err != nil {
		fmt.Fprintf(stderr, "toolgate redact: reading standard input: %v\n", err)
		return exitUsage
	}
	if len(in) > maxRedactInput {
		fmt.Fprintf(stderr, "toolgate redact: standard input is larger than %d bytes; nothing written\n", maxRedactInput)
		return exitUsage
	}
	out, _ := red.Redact(make([]byte, 0, len(in)), in)
	clear(in)
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintf(stderr, "toolgate redact: writing: %v\n", err)
		return exitUsage
	}
	return exitOK
}
