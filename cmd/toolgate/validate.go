package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/toolgate/toolgate/policyfile"
)

const validateHelp = `Usage: toolgate validate FILE

Checks a policy file and explains every problem at once, each with its JSON
path. Exits 0 when the file is valid, 1 when it is not, 2 on bad usage or
when the file cannot be read.

For a valid file, it also lists every grant an agent asked for and did not
get, so you can see what delegation narrowed.
`

func cmdValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("validate", validateHelp, stderr)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "toolgate validate: want exactly one policy FILE")
		fs.Usage()
		return exitUsage
	}
	name := fs.Arg(0)
	p, err := policyfile.Load(name, policyfile.Options{})
	if err != nil {
		fmt.Fprintf(stdout, "%v\n", err)
		if errors.Is(err, policyfile.ErrRead) {
			return exitUsage
		}
		return exitNegative
	}
	fmt.Fprintf(stdout, "%s: valid (mode %s, %d roots, %d tools, %d agents)\n",
		name, p.File.Mode, len(p.File.Roots), p.Tools.Len(), len(p.Agents))
	for _, n := range p.Narrowings {
		fmt.Fprintf(stdout, "  narrowed: %v\n", n)
	}
	return exitOK
}
