package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

const versionHelp = `Usage: toolgate version
       toolgate --version

Prints toolgate's version from the build information: the module version,
then the version-control revision and commit time when the binary was built
from a checkout, and "modified" when that checkout had changes. A build
without a module version prints "(devel)".
`

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", versionHelp, stderr)
	if code, done := parseFlags(fs, args, stdout); done {
		return code
	}
	if fs.NArg() != 0 {
		fmt.Fprintln(stderr, "toolgate version: takes no arguments")
		fs.Usage()
		return exitUsage
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprintln(stdout, versionLine(info))
	return exitOK
}

// versionLine describes a build, such as
//
//	toolgate v0.3.0 (revision 4f2a9c1e..., 2026-12-01T10:00:00Z, modified)
func versionLine(info *debug.BuildInfo) string {
	version := "(devel)"
	var extra []string
	if info != nil {
		if info.Main.Version != "" {
			version = info.Main.Version
		}
		settings := map[string]string{}
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
		if r := settings["vcs.revision"]; r != "" {
			extra = append(extra, "revision "+r)
		}
		if t := settings["vcs.time"]; t != "" {
			extra = append(extra, t)
		}
		if settings["vcs.modified"] == "true" {
			extra = append(extra, "modified")
		}
	}
	line := "toolgate " + version
	if len(extra) > 0 {
		line += " (" + strings.Join(extra, ", ") + ")"
	}
	return line
}
