package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/toolgate/toolgate/policyfile"
)

// layersHelp is the part of a verb's help that explains the layers.
const layersHelp = `
Layers: --managed FILE (the administrator's), --policy FILE (the user's)
and --repo FILE (the repository's) are merged in that order over the
built-in defaults, and a later layer may only tighten: a stricter mode or
interaction, narrower roots, more deny and ask rules and sensitive paths.
The repository's layer may not add tools, agents, secrets or approvals.
A layer that tries to loosen is refused, with its file, line, column and
JSON path, and so is a managed file someone other than an administrator
could have written (on Unix: not root's, or writable by group or others,
or in such a folder); a refused layer exits 2.
`

// layerFlags are the --managed and --repo flags; --policy is the verb's
// own and names the user's layer.
type layerFlags struct {
	managed, repo *string
}

func addLayerFlags(fs *flag.FlagSet) layerFlags {
	return layerFlags{
		managed: fs.String("managed", "", "the administrator's layer `FILE`, used only when only an administrator could have written it"),
		repo:    fs.String("repo", "", "the repository's layer `FILE`, which may only tighten the others"),
	}
}

func (lf layerFlags) layered() bool { return *lf.managed != "" || *lf.repo != "" }

// loadPolicy loads the user's policy file alone, or merged with the
// managed and repository layers when either is given (or when the origins
// are wanted).
func loadPolicy(user string, lf layerFlags, origins bool, opts policyfile.Options) (*policyfile.Policy, []policyfile.Origin, error) {
	if !lf.layered() && !origins {
		p, err := policyfile.Load(user, opts)
		return p, nil, err
	}
	l, err := policyfile.LoadLayers(policyfile.Layers{Managed: *lf.managed, User: user, Repo: *lf.repo}, opts)
	if err != nil {
		return nil, nil, err
	}
	return l.Policy, l.Origins, nil
}

// refused reports whether err is a refused layer or an unreadable file
// (exit 2) rather than an invalid policy.
func refused(err error) bool {
	return errors.Is(err, policyfile.ErrRefused) || errors.Is(err, policyfile.ErrRead)
}

// writeExplain lists, for the merged policy, the layer every part came
// from, then the files of the layers.
func writeExplain(w io.Writer, lf layerFlags, user string, origins []policyfile.Origin) {
	fmt.Fprintln(w, "where each part of the merged policy comes from:")
	for _, o := range origins {
		fmt.Fprintf(w, "  %-8s  %-32s  %s\n", o.Layer, o.Path, o.What)
	}
	fmt.Fprintln(w, "layers:")
	fmt.Fprintf(w, "  %-8s  %s\n", policyfile.LayerDefaults, "built in")
	for _, l := range []struct {
		kind policyfile.LayerKind
		file string
	}{{policyfile.LayerManaged, *lf.managed}, {policyfile.LayerUser, user}, {policyfile.LayerRepo, *lf.repo}} {
		if l.file != "" {
			fmt.Fprintf(w, "  %-8s  %s\n", l.kind, l.file)
		}
	}
}
