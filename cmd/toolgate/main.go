// Command toolgate evaluates AI agent tool calls against a policy file,
// before anything runs.
//
// Usage:
//
//	toolgate eval --policy FILE [CALLS.jsonl ...]
//	toolgate validate FILE
//
// eval reads calls, one JSON object a line, from the files given or from
// standard input, and writes one decision a line, in order. A malformed
// line gets a deny with reason call.invalid and the run goes on. validate
// checks a policy file and explains every problem at once.
//
// Exit status: 0 when the verb did its job (a deny is not an error), 1 for a
// negative answer from a check (validate on an invalid file), 2 for bad
// usage or input (an invalid policy given to eval).
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
  toolgate serve --policy FILE [--addr ADDR]      serve Evaluate on loopback, guarded by TOOLGATE_TOKEN

Run 'toolgate VERB --help' for a verb's options.
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
	switch args[0] {
	case "eval":
		return cmdEval(args[1:], stdin, stdout, stderr)
	case "validate":
		return cmdValidate(args[1:], stdout, stderr)
	case "serve":
		return cmdServe(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "toolgate: unknown verb %q\n\n%s", args[0], usage)
	return exitUsage
}
