package delegation

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolgate/toolgate/internal/suggest"
	"github.com/toolgate/toolgate/policy"
	"github.com/toolgate/toolgate/roots"
	"github.com/toolgate/toolgate/toolmeta"
)

// ProfileExplorer names the fixed read-only Explorer profile (see [Explorer]).
const ProfileExplorer = "explorer"

// Definition is what a child agent asks for: one entry of the "agents" map
// of a policy file, with the same JSON field names.
//
// A field left out inherits the parent's value and can never exceed it. A
// slice field tells "left out" (nil, or JSON null) from "empty" (a non-nil
// empty slice, or JSON []): "tools": [] asks for no tool at all, while no
// "tools" key inherits the parent's tools. StandingApprovals and Secrets are
// the exception: left out, the child holds none; the parent hands them down
// only by name.
type Definition struct {
	// Parent is the ID of the parent agent, or empty for the top-level
	// authority. Only [Fold] reads it; [Intersect] is given the parent.
	Parent string `json:"parent"`
	// Profile is empty or [ProfileExplorer].
	Profile string `json:"profile,omitempty"`
	// Mode is the requested permission mode; empty inherits the parent's.
	Mode policy.Mode `json:"mode,omitempty"`
	// Tools names the requested tools; nil inherits the parent's.
	Tools []string `json:"tools"`
	// Rules are added after the parent's rules. Rules only tighten, so
	// there is nothing to inherit or narrow here.
	Rules []policy.Rule `json:"rules,omitempty"`
	// Roots are the requested roots; nil inherits the parent's.
	Roots []RootRequest `json:"roots"`
	// Interaction is the requested interaction mode; empty inherits the
	// parent's. Set, it yields the stricter of it and the parent's
	// (unattended wins); under a parent with no interaction of its own it
	// applies as asked, and the engine still takes the stricter of it and
	// the execution surface's.
	Interaction policy.Interaction `json:"interaction,omitempty"`
	// StandingApprovals names the standing approvals (by ID) the child asks
	// to hold; nil or empty means none.
	StandingApprovals []string `json:"standingApprovals,omitempty"`
	// Secrets names the secret references the child asks to hold; nil or
	// empty means none.
	Secrets []string `json:"secrets,omitempty"`
	// MayDelegate asks whether the child may start sub-agents; nil inherits
	// the parent's.
	MayDelegate *bool `json:"mayDelegate,omitempty"`
}

// RootRequest asks for one folder with an access level.
type RootRequest struct {
	// Path is an absolute path to an existing folder. A policy-file loader
	// resolves relative paths and "~" before a Definition reaches this
	// package; the path is canonicalized here, through symbolic links.
	Path string `json:"path"`
	// Access is roots.Read or roots.ReadWrite; empty takes the parent's
	// access wherever the folder lies inside one of the parent's roots.
	Access roots.Access `json:"access,omitempty"`
}

// MarshalJSON writes the definition so that decoding it gives the same
// value back: a nil Tools or Roots is left out (inherit), an empty one is
// written as [] (none).
func (d Definition) MarshalJSON() ([]byte, error) {
	type plain Definition
	out := struct {
		plain
		Tools *[]string      `json:"tools,omitempty"`
		Roots *[]RootRequest `json:"roots,omitempty"`
	}{plain: plain(d)}
	if d.Tools != nil {
		out.Tools = &d.Tools
	}
	if d.Roots != nil {
		out.Roots = &d.Roots
	}
	return json.Marshal(out)
}

// Errors. Every error this package returns is a *FieldError wrapping one of
// these (several joined with errors.Join); test with errors.Is.
var (
	// ErrInvalid: a definition or an agent ID is malformed.
	ErrInvalid = errors.New("delegation: invalid definition")
	// ErrNoDelegation: the parent authority may not start sub-agents.
	ErrNoDelegation = errors.New("delegation: parent may not delegate")
	// ErrUnknownParent: an agent names a parent that is not defined.
	ErrUnknownParent = errors.New("delegation: unknown parent")
	// ErrCycle: agents name each other (or themselves) as parents.
	ErrCycle = errors.New("delegation: parent cycle")
	// ErrUnknownTool: a definition lists a tool its tool source does not
	// know. A typo in a tool list is an error, never a silent narrowing.
	ErrUnknownTool = errors.New("delegation: unknown tool")
)

// FieldError is one problem with one field of one definition.
type FieldError struct {
	// Agent is the agent's ID; empty for an error from [Intersect].
	Agent string
	// Field is the JSON path of the field at fault within the definition,
	// such as "mode", "tools[2]" or "roots[0].access"; empty when the agent
	// ID itself is at fault.
	Field string
	// Err is one of the package's sentinel errors.
	Err error
	// Detail says what is wrong, for a person.
	Detail string
}

// Error returns the field's full path and the problem, such as
// `agents.scout.parent: unknown agent "x"`.
func (e *FieldError) Error() string {
	var b strings.Builder
	if e.Agent != "" || e.Field == "" {
		b.WriteString("agents")
		if plainID(e.Agent) {
			b.WriteString(".")
			b.WriteString(e.Agent)
		} else {
			b.WriteString("[")
			b.WriteString(strconv.Quote(e.Agent))
			b.WriteString("]")
		}
		if e.Field != "" {
			b.WriteString(".")
		}
	}
	b.WriteString(e.Field)
	b.WriteString(": ")
	b.WriteString(e.Detail)
	return b.String()
}

// Unwrap returns the sentinel error.
func (e *FieldError) Unwrap() error { return e.Err }

// plainID reports whether id can be written after a dot in an error path.
func plainID(id string) bool {
	if id == "" {
		return false
	}
	for _, r := range id {
		if r != '_' && r != '-' && (r < '0' || r > '9') && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') {
			return false
		}
	}
	return true
}

// checkAgentID reports why id cannot name an agent, or "".
func checkAgentID(id string) string {
	switch {
	case id == "":
		return "an agent ID must not be empty"
	case !utf8.ValidString(id):
		return "an agent ID must be valid UTF-8"
	case strings.ContainsFunc(id, isControl):
		return "an agent ID must not contain control characters"
	}
	return ""
}

func isControl(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }

// checkName reports why s cannot name a tool, approval or secret, or "".
func checkName(s, what string) string {
	switch {
	case s == "":
		return "empty " + what
	case !utf8.ValidString(s):
		return fmt.Sprintf("%s %q is not valid UTF-8", what, s)
	case strings.ContainsFunc(s, isControl):
		return fmt.Sprintf("%s %q has a control character", what, s)
	}
	return ""
}

// request is a validated definition: every field checked, every root path
// canonical.
type request struct {
	def   Definition
	roots []rootReq // nil when def.Roots is nil
}

type rootReq struct {
	path   string       // canonical
	access roots.Access // "" inherits
	index  int          // position in def.Roots, for reports
}

// validate checks every field of def and canonicalizes its root paths. It
// reports every problem at once, each as a *FieldError for agent. A tool
// name tools does not know is an error (ErrUnknownTool); with no tools,
// names are not checked.
func validate(agent string, def Definition, tools policy.ToolSource) (request, error) {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Agent: agent, Field: field, Err: ErrInvalid, Detail: fmt.Sprintf(format, args...)})
	}
	if def.Profile != "" && def.Profile != ProfileExplorer {
		bad("profile", "unknown profile %q (want %q or none)", def.Profile, ProfileExplorer)
	}
	if def.Mode != "" && !def.Mode.Valid() {
		bad("mode", "%q is not a mode (want allow, ask or deny)", def.Mode)
	}
	if def.Interaction != "" && !def.Interaction.Valid() {
		bad("interaction", "%q is not an interaction (want attended or unattended)", def.Interaction)
	}
	for i, name := range def.Tools {
		field := fmt.Sprintf("tools[%d]", i)
		if msg := checkName(name, "tool name"); msg != "" {
			bad(field, "%s", msg)
			continue
		}
		if tools == nil {
			continue
		}
		if _, known := tools.Lookup(name); !known {
			errs = append(errs, &FieldError{Agent: agent, Field: field, Err: ErrUnknownTool,
				Detail: fmt.Sprintf("unknown tool %q%s", name, suggest.Phrase(name, toolNames(tools)))})
		}
	}
	for i, id := range def.StandingApprovals {
		if msg := checkName(id, "standing approval ID"); msg != "" {
			bad(fmt.Sprintf("standingApprovals[%d]", i), "%s", msg)
		}
	}
	for i, name := range def.Secrets {
		if msg := checkName(name, "secret name"); msg != "" {
			bad(fmt.Sprintf("secrets[%d]", i), "%s", msg)
		}
	}
	// The engine's own rule check, so that every rule it would refuse is
	// refused here, with the definition's indices.
	for _, e := range leaves(policy.ValidateRules("rules", def.Rules)) {
		field, detail, ok := strings.Cut(e.Error(), ": ")
		if !ok {
			field, detail = "rules", e.Error()
		}
		bad(field, "%s", detail)
	}
	req := request{def: def}
	if def.Roots != nil {
		req.roots = make([]rootReq, 0, len(def.Roots))
	}
	for i, r := range def.Roots {
		field := fmt.Sprintf("roots[%d]", i)
		if r.Access != "" && !r.Access.Valid() {
			bad(field+".access", "%q is not an access (want %s or %s)", r.Access, roots.Read, roots.ReadWrite)
		}
		canon, err := canonicalFolder(r.Path)
		if err != nil {
			bad(field+".path", "%v", err)
			continue
		}
		req.roots = append(req.roots, rootReq{path: canon, access: r.Access, index: i})
	}
	return req, errors.Join(errs...)
}

// canonicalFolder resolves p, an absolute path to an existing folder,
// through symbolic links, the way package roots resolves a root.
func canonicalFolder(p string) (string, error) {
	if p == "" {
		return "", errors.New("empty path")
	}
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("%q is not absolute", p)
	}
	s, err := roots.NewSet([]roots.Root{{ID: "r", Path: p, Access: roots.Read, Primary: true, Source: roots.Workspace}})
	if err != nil {
		var re *roots.RootError
		if errors.As(err, &re) {
			return "", errors.New(re.Detail)
		}
		return "", err
	}
	return s.Roots()[0].Path, nil
}

// leaves returns the errors err joins, or err alone.
func leaves(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leaves(e)...)
		}
		return out
	}
	return []error{err}
}

// toolNames lists the names tools knows, when it can list them.
func toolNames(tools policy.ToolSource) []string {
	l, ok := tools.(ToolLister)
	if !ok {
		return nil
	}
	var names []string
	for name := range l.All() {
		names = append(names, name)
	}
	return names
}

// isKnownRead reports whether tools knows name as a valid read tool, and if
// not, why not.
func isKnownRead(tools policy.ToolSource, name string) (bool, string) {
	if tools == nil {
		return false, "no tool source to tell its risk"
	}
	m, ok := tools.Lookup(name)
	switch {
	case !ok:
		return false, "unknown tool"
	case m.Validate() != nil:
		return false, "invalid metadata"
	case m.Risk != toolmeta.RiskRead:
		return false, "risk " + string(m.Risk)
	}
	return true, ""
}
