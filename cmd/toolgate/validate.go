package main

import (
	"fmt"
	"io"

	"github.com/toolgate/toolgate/policyfile"
)

const validateHelp = `Usage: toolgate validate [--managed FILE] [--repo FILE] [--explain] FILE | --policy FILE

Checks a policy file and explains every problem at once, each with its JSON
path. Exits 0 when the file is valid, 1 when it is not, 2 on bad usage or
when the file cannot be read.

For a valid file, it also lists every grant an agent asked for and did not
get, so you can see what delegation narrowed. With --explain, it lists
which layer every setting, root, tool, rule, sensitive path, agent, secret
and approval of the merged policy came from. A refused layer exits 2.
` + layersHelp + `
Options:
`

func cmdValidate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("validate", validateHelp, stderr)
	policyPath := fs.String("policy", "", "the user's policy `FILE`, instead of the FILE argument")
	explain := fs.Bool("explain", false, "list which layer every part of the merged policy came from")
	layers := addLayerFlags(fs)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	name := *policyPath
	if name == "" && fs.NArg() == 1 {
		name = fs.Arg(0)
	} else if name == "" || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "toolgate validate: want exactly one policy FILE")
		fs.Usage()
		return exitUsage
	}
	p, origins, err := loadPolicy(name, layers, *explain, policyfile.Options{})
	if err != nil {
		fmt.Fprintf(stdout, "%v\n", err)
		if refused(err) {
			return exitUsage
		}
		return exitNegative
	}
	fmt.Fprintf(stdout, "%s: valid (mode %s, %d roots, %d tools, %d agents)\n",
		name, p.File.Mode, len(p.File.Roots), p.Tools.Len(), len(p.Agents))
	for _, n := range p.Narrowings {
		fmt.Fprintf(stdout, "  narrowed: %v\n", n)
	}
	if *explain {
		writeExplain(stdout, layers, name, origins)
	}
	return exitOK
}
