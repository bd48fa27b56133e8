package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/toolgate/toolgate/conformance"
	"github.com/toolgate/toolgate/examples/refhost"
	"github.com/toolgate/toolgate/policy"
)

const conformanceHelp = `Usage: toolgate conformance [--run REGEXP] [-v]

Runs the contract matrix of package conformance (the twelve contracts of
docs/security-model.md, "Contract tests", on each of the six execution
surfaces) on the reference host of examples/refhost, and prints the 12 x 6
table: "ok" for a cell that passed, "FAIL" for one that failed, "-" for a
surface the host does not declare, blank for a cell not run. A summary line
follows, then what went wrong in each failed cell. It needs no Go toolchain.

Flags:
  --run REGEXP   run only the cells whose name (<surface>/<NN>-<contract>)
                 matches REGEXP
  -v             print every cell's log lines, not only the failures'

Exit status: 0 when every cell run passed, 1 when any failed, 2 bad usage.
Host integrators run the same matrix from their own tests with
conformance.Run; see examples/README.md.
`

// conformanceHost is the host the verb checks; tests replace it with a
// broken one.
var conformanceHost conformance.NewHost = refhost.NewConformanceHost

func cmdConformance(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("conformance", conformanceHelp, stderr)
	pattern := fs.String("run", "", "run only the cells matching `REGEXP`")
	verbose := fs.Bool("v", false, "print every cell's log lines")
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "toolgate conformance: takes no arguments")
		fs.Usage()
		return exitUsage
	}
	var opts conformance.Options
	if *pattern != "" {
		re, err := regexp.Compile(*pattern)
		if err != nil {
			fmt.Fprintf(stderr, "toolgate conformance: --run: %v\n", err)
			return exitUsage
		}
		opts.Filter = re.MatchString
	}
	opts.Parallel = 2
	rep := conformance.Check(conformanceHost, opts)
	printMatrix(stdout, rep, *verbose)
	if len(rep.Failed()) > 0 {
		return exitNegative
	}
	return exitOK
}

// printMatrix writes the table, the summary line and the failures.
func printMatrix(w io.Writer, rep conformance.Report, verbose bool) {
	cells := map[string]conformance.Cell{}
	for _, c := range rep.Cells {
		cells[c.Name()] = c
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "contract")
	for _, s := range policy.Surfaces() {
		fmt.Fprintf(tw, "\t%s", s)
	}
	fmt.Fprintln(tw)
	var pass, fail, skip int
	for _, name := range conformance.Contracts() {
		fmt.Fprint(tw, name)
		for _, s := range policy.Surfaces() {
			c, ok := cells[string(s)+"/"+name]
			mark := ""
			switch {
			case !ok:
			case c.Failed:
				mark = "FAIL"
				fail++
			case c.Skipped:
				mark = "-"
				skip++
			default:
				mark = "ok"
				pass++
			}
			fmt.Fprintf(tw, "\t%s", mark)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "\n%d of %d cells pass", pass, pass+fail+skip)
	if fail > 0 {
		fmt.Fprintf(w, ", %d fail", fail)
	}
	if skip > 0 {
		fmt.Fprintf(w, ", %d on undeclared surfaces", skip)
	}
	fmt.Fprintf(w, " (%s)\n", rep.Elapsed.Round(10*time.Millisecond))
	for _, c := range rep.Cells {
		if (c.Failed || verbose) && len(c.Messages) > 0 {
			fmt.Fprintf(w, "\n--- %s\n", c.Name())
			for _, m := range c.Messages {
				fmt.Fprintf(w, "    %s\n", strings.ReplaceAll(m, "\n", "\n    "))
			}
		}
	}
}
