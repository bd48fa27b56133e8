package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/toolgate/toolgate/dest"
)

const destHelp = `Usage: toolgate dest check [--origin ORIGIN] URL...

Says, one line per URL, whether a credential may go to it:

  allow "https://api.example.com/v1/chat"
  deny dest.link-local "http://2852039166/": 2852039166 reads as 169.254.169.254 is in 169.254.0.0/16 ...

Without --origin, a URL is allowed when it is https (or http to a literal
loopback address such as 127.0.0.1 or [::1]) and its host is no spelling of a
link-local or unspecified address nor a cloud metadata service
(100.100.100.200, [fd00:ec2::254], metadata.google.internal, ...). With --origin, it must also have the
origin's scheme, host and effective port exactly.

Exits 0 when every URL is allowed, 1 when any is denied, 2 on bad usage or
an invalid origin.

Options:
`

func cmdDest(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("dest check", destHelp, stderr)
	originText := fs.String("origin", "", "the configured `ORIGIN` (scheme://host[:port]) a credential belongs to")
	switch {
	case len(args) > 0 && isHelp(args[0]):
		args = []string{"--help"}
	case len(args) == 0 || args[0] != "check":
		fmt.Fprintln(stderr, "toolgate dest: want the sub-command check")
		fs.Usage()
		return exitUsage
	default:
		args = args[1:]
	}
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "toolgate dest check: want at least one URL")
		return exitUsage
	}
	check := dest.CheckURL
	if *originText != "" {
		o, err := dest.ParseOrigin(*originText)
		if err != nil {
			fmt.Fprintf(stderr, "toolgate dest check: --origin: %v\n", err)
			return exitUsage
		}
		check = o.Check
	}
	code := exitOK
	for _, u := range fs.Args() {
		var de *dest.DeniedError
		switch err := check(u); {
		case err == nil:
			fmt.Fprintf(stdout, "allow %q\n", u)
		case errors.As(err, &de):
			fmt.Fprintf(stdout, "deny %s %q: %s\n", de.Reason, u, de.Detail)
			code = exitNegative
		default:
			fmt.Fprintf(stdout, "deny %q: %v\n", u, err)
			code = exitNegative
		}
	}
	return code
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "help"
}
