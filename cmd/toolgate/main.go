// Command toolgate evaluates AI agent tool calls against a policy file,
// before anything runs.
//
// Usage:
//
//	toolgate eval --policy FILE [CALLS.jsonl ...]
//	toolgate validate FILE
//	toolgate version
//	toolgate help [VERB]
//
// eval reads calls, one JSON object a line, from the files given or from
// standard input, and writes one decision a line, in order. A malformed
// line gets a deny with reason call.invalid and the run goes on. validate
// checks a policy file and explains every problem of every loading phase
// at once. version (or --version) prints the version from the build
// information. 'toolgate help VERB' and 'toolgate VERB --help' print a
// verb's help on standard output.
//
// Exit status: 0 when the verb did its job (a deny is not an error), 1 for a
// negative answer from a check (validate on an invalid file), 2 for bad
// usage or input (an invalid policy given to eval).
//
// The decisions follow the evaluation order of docs/security-model.md,
// Evaluation order.
package main

import (
	"fmt"
	"io"
	"os"
)

const usage = `toolgate decides, before anything runs, whether an AI agent's tool call may execute.

Usage:
  toolgate eval --policy FILE [CALLS.jsonl ...]   decide calls, one JSON object a line
  toolgate validate FILE                          check a policy file, every problem at once
  toolgate inbox list|show|approve|deny --state DIR  decide the calls parked for approval
  toolgate audit verify FILE | tail [-n N] FILE   check an audit file's chain, print its events
  toolgate redact --policy FILE                   remove secrets from standard input
  toolgate version                                print the version (also --version)
  toolgate dest check [--origin ORIGIN] URL...    may a credential go to these URLs?
  toolgate mcp review|check|list|forget --state DIR  review MCP connections and select their tools
  toolgate serve --policy FILE [--addr ADDR]      serve Evaluate on loopback, guarded by TOOLGATE_TOKEN
  toolgate conformance [--run REGEXP] [-v]        run the contract matrix on the reference host
  toolgate demo [--keep]                          walk through toolgate in a temporary folder

Run 'toolgate help VERB' or 'toolgate VERB --help' for a verb's help.
Exit status: 0 done, 1 a negative answer from a check, 2 bad usage or input.
`

// Exit statuses.
const (
	exitOK       = 0
	exitNegative = 1
	exitUsage    = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	verb, rest := args[0], args[1:]
	verbErr := stderr
	switch verb {
	case "help", "-h", "-help", "--help":
		if len(rest) == 0 {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		// A verb's help is the verb's own answer to --help.
		verb, rest = rest[0], []string{"--help"}
	case "--version", "-version":
		verb = "version"
	}
	if asksHelp(rest) {
		verbErr = stdout // a verb's help goes to standard output
	}
	code, known := dispatch(verb, rest, stdin, stdout, verbErr)
	if !known {
		fmt.Fprintf(stderr, "toolgate: unknown verb %q\n\n%s", verb, usage)
	}
	return code
}

// dispatch runs one verb; each verb lives in a file of its own.
func dispatch(verb string, args []string, stdin io.Reader, stdout, stderr io.Writer) (code int, known bool) {
	switch verb {
	case "eval":
		return cmdEval(args, stdin, stdout, stderr), true
	case "validate":
		return cmdValidate(args, stdout, stderr), true
	case "version":
		return cmdVersion(args, stdout, stderr), true
	case "inbox":
		return cmdInbox(args, stdin, stdout, stderr), true
	case "audit":
		return cmdAudit(args, stdout, stderr), true
	case "redact":
		return cmdRedact(args, stdin, stdout, stderr), true
	case "dest":
		return cmdDest(args, stdout, stderr), true
	case "mcp":
		return cmdMCP(args, stdout, stderr), true
	case "serve":
		return cmdServe(args, stdout, stderr), true
	case "conformance":
		return cmdConformance(args, stdout, stderr), true
	case "demo":
		return cmdDemo(args, stdout, stderr), true
	}
	return exitUsage, false
}
