package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlags returns the flag set of a verb. Its usage is help followed by
// the verb's flags, written as the documentation writes them: "--policy
// FILE", with two dashes (the flag package accepts one or two).
func newFlags(name, help string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), help)
		printFlags(fs.Output(), fs)
	}
	return fs
}

// printFlags lists fs's flags with two dashes, each with its usage on the
// next line and its default when it has one.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		value, use := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if value != "" {
			line += " " + value
		}
		line += "\n    \t" + strings.ReplaceAll(use, "\n", "\n    \t")
		switch f.DefValue {
		case "", "0", "false":
		default:
			line += fmt.Sprintf(" (default %q)", f.DefValue)
		}
		fmt.Fprintln(w, line)
	})
}

// asksHelp reports whether args ask for help: -h, -help or --help before
// any "--".
func asksHelp(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "-h", "-help", "--help":
			return true
		}
	}
	return false
}

// parseFlags parses a verb's arguments. A request for help anywhere before
// "--" prints the verb's help on stdout; a bad flag prints the problem and
// the usage on the flag set's output. done says the verb has nothing more
// to do and should exit with code.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (code int, done bool) {
	if asksHelp(args) {
		out := fs.Output()
		fs.SetOutput(stdout)
		fs.Usage()
		fs.SetOutput(out)
		return exitOK, true
	}
	out := fs.Output()
	fs.SetOutput(io.Discard) // the problem is written below, with two dashes
	err := fs.Parse(args)
	fs.SetOutput(out)
	if err != nil {
		msg := err.Error()
		if i := strings.Index(msg, ": -"); i >= 0 && !strings.HasPrefix(msg[i+2:], "--") {
			msg = msg[:i+2] + "-" + msg[i+2:]
		}
		fmt.Fprintf(out, "toolgate %s: %s\n\n", fs.Name(), msg)
		fs.Usage()
		return exitUsage, true
	}
	return exitOK, false
}
