package toolmeta

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Risk is the worst effect a call to a tool can have.
type Risk string

// The four risks of the security model.
const (
	// RiskRead has no durable local or external side effect.
	RiskRead Risk = "read"
	// RiskWriteLocal changes files or local application state.
	RiskWriteLocal Risk = "write-local"
	// RiskExec starts a command, process, package manager or interpreter.
	RiskExec Risk = "exec"
	// RiskExternal sends, creates, deletes or mutates data outside the machine.
	RiskExternal Risk = "external"
)

// Valid reports whether r is one of the four risks.
func (r Risk) Valid() bool {
	switch r {
	case RiskRead, RiskWriteLocal, RiskExec, RiskExternal:
		return true
	}
	return false
}

// ApprovalDefault is what a tool asks for on its own, before any rule: a
// policy uses it only to tighten what the mode grants.
type ApprovalDefault string

// The approval defaults.
const (
	DefaultAllow ApprovalDefault = "allow"
	DefaultAsk   ApprovalDefault = "ask"
	DefaultDeny  ApprovalDefault = "deny"
)

// Valid reports whether a is one of the three approval defaults.
func (a ApprovalDefault) Valid() bool {
	switch a {
	case DefaultAllow, DefaultAsk, DefaultDeny:
		return true
	}
	return false
}

// Source says where a tool comes from.
type Source string

// The sources of tools.
const (
	SourceBuiltin   Source = "builtin"
	SourceExtension Source = "extension"
	SourceSkill     Source = "skill"
	SourceMCP       Source = "mcp"
)

// Valid reports whether s is one of the four sources.
func (s Source) Valid() bool {
	switch s {
	case SourceBuiltin, SourceExtension, SourceSkill, SourceMCP:
		return true
	}
	return false
}

// Annotations are the hints an MCP server publishes about its own tool. They
// are kept for display only: nothing in toolgate reads them to decide.
type Annotations struct {
	Title           string `json:"title,omitempty"`
	ReadOnlyHint    *bool  `json:"readOnlyHint,omitempty"`
	DestructiveHint *bool  `json:"destructiveHint,omitempty"`
	IdempotentHint  *bool  `json:"idempotentHint,omitempty"`
	OpenWorldHint   *bool  `json:"openWorldHint,omitempty"`
}

// Metadata is the security description of one tool (docs/security-model.md,
// "Tool metadata").
//
// The JSON field names are those of the policy file.
type Metadata struct {
	// Risk is the tool's worst effect. Required.
	Risk Risk `json:"risk"`
	// PathArguments names the arguments that hold file-system paths. Every
	// one is resolved canonically and checked against the workspace roots;
	// a tool whose risk is not read needs a read-write root for each, and a
	// write-local tool's call must give every one.
	PathArguments []string `json:"pathArguments,omitempty"`
	// TargetArgument names the argument that holds the external target (a
	// channel, a recipient, a URL). Standing approvals bind to its value.
	TargetArgument string `json:"targetArgument,omitempty"`
	// CommandArgument names the argument that holds shell text. An exec
	// tool must have one and only an exec tool may: a tool that starts
	// processes without saying which command it runs cannot be judged. Its
	// value is analysed by the hardline rules, and a session approval binds
	// it exactly.
	CommandArgument string `json:"commandArgument,omitempty"`
	// WorkdirArgument names the argument that holds an exec tool's working
	// folder. It is resolved like a path argument, must lie in a root, and
	// the command is judged from there. Only an exec tool may have one.
	WorkdirArgument string `json:"workdirArgument,omitempty"`
	// OptionalArguments lists the declared path, target and working-folder
	// arguments that a call may omit. Every other declared argument is
	// required: a call that omits it is invalid. An omitted optional path or
	// working folder is judged as the primary root, the folder such tools
	// default to. The command argument is never optional.
	OptionalArguments []string `json:"optionalArguments,omitempty"`
	// ApprovalDefault is what the tool asks for on its own. Required.
	ApprovalDefault ApprovalDefault `json:"approvalDefault"`
	// ParallelSafe says the tool may run beside other calls. Informational.
	ParallelSafe bool `json:"parallelSafe,omitempty"`
	// Source is where the tool comes from. Required.
	Source Source `json:"source"`
	// Server names the MCP server of an MCP tool.
	Server string `json:"server,omitempty"`
	// Annotations are an MCP server's own hints, kept for display only.
	Annotations *Annotations `json:"annotations,omitempty"`
}

// FieldError is a problem with one field of one tool's metadata.
type FieldError struct {
	Tool  string // the tool's name, or "" when validating a lone Metadata
	Field string // the JSON name of the field at fault
	Msg   string
}

func (e *FieldError) Error() string {
	if e.Tool == "" {
		return fmt.Sprintf("%s: %s", e.Field, e.Msg)
	}
	return fmt.Sprintf("tool %q: %s: %s", e.Tool, e.Field, e.Msg)
}

// ErrInvalid is matched by every validation error of this package.
var ErrInvalid = errors.New("toolmeta: invalid metadata")

// Is makes every FieldError match ErrInvalid.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// Validate reports every problem with m at once, each naming its field. It
// does not allocate when m is valid, so a policy can afford to call it on
// every evaluation.
func (m *Metadata) Validate() error {
	if m.Risk.Valid() && m.ApprovalDefault.Valid() && m.Source.Valid() &&
		(m.CommandArgument != "") == (m.Risk == RiskExec) &&
		(m.WorkdirArgument == "" || m.Risk == RiskExec) && argsOK(m) {
		return nil
	}
	return m.validate("")
}

// argsOK is the allocation-free fast path of the argument checks.
func argsOK(m *Metadata) bool {
	for i, p := range m.PathArguments {
		if p == "" || p == m.TargetArgument || p == m.CommandArgument {
			return false
		}
		for _, q := range m.PathArguments[:i] {
			if p == q {
				return false
			}
		}
	}
	if m.WorkdirArgument != "" && (m.WorkdirArgument == m.CommandArgument || m.WorkdirArgument == m.TargetArgument ||
		slices.Contains(m.PathArguments, m.WorkdirArgument)) {
		return false
	}
	for i, o := range m.OptionalArguments {
		if o == "" || o == m.CommandArgument || !m.Declares(o) || slices.Contains(m.OptionalArguments[:i], o) {
			return false
		}
	}
	if _, _, bad := m.collision(); bad {
		return false
	}
	return m.TargetArgument == "" || m.TargetArgument != m.CommandArgument
}

// collision finds two different declared arguments that collide (see
// ArgumentsCollide).
func (m *Metadata) collision() (string, string, bool) {
	var names [3]string
	all := append(names[:0], m.CommandArgument, m.TargetArgument, m.WorkdirArgument)
	n := len(all) + len(m.PathArguments)
	at := func(i int) string {
		if i < len(all) {
			return all[i]
		}
		return m.PathArguments[i-len(all)]
	}
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := at(i), at(j)
			if a != "" && b != "" && a != b && ArgumentsCollide(a, b) {
				return a, b, true
			}
		}
	}
	return "", "", false
}

// Declares reports whether name is one of the arguments m declares: a path,
// the target, the command or the working folder.
func (m *Metadata) Declares(name string) bool {
	return name != "" && (name == m.TargetArgument || name == m.CommandArgument || name == m.WorkdirArgument ||
		slices.Contains(m.PathArguments, name))
}

// Optional reports whether a call may omit the declared argument name.
func (m *Metadata) Optional(name string) bool { return slices.Contains(m.OptionalArguments, name) }

func (m *Metadata) validate(tool string) error {
	var errs []error
	bad := func(field, format string, args ...any) {
		errs = append(errs, &FieldError{Tool: tool, Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	if !m.Risk.Valid() {
		bad("risk", "%q is not a risk (want read, write-local, exec or external)", m.Risk)
	}
	if !m.ApprovalDefault.Valid() {
		bad("approvalDefault", "%q is not an approval default (want allow, ask or deny)", m.ApprovalDefault)
	}
	if !m.Source.Valid() {
		bad("source", "%q is not a source (want builtin, extension, skill or mcp)", m.Source)
	}
	if m.CommandArgument != "" && m.Risk != RiskExec {
		bad("commandArgument", "only an exec tool may have a command argument (risk is %q)", m.Risk)
	}
	if m.CommandArgument == "" && m.Risk == RiskExec {
		bad("commandArgument", "an exec tool must name the argument that holds its command, or nothing could judge what it runs")
	}
	if m.WorkdirArgument != "" {
		switch {
		case m.Risk != RiskExec:
			bad("workdirArgument", "only an exec tool may have a working-folder argument (risk is %q)", m.Risk)
		case m.WorkdirArgument == m.CommandArgument:
			bad("workdirArgument", "%q is also the command argument", m.WorkdirArgument)
		case m.WorkdirArgument == m.TargetArgument:
			bad("workdirArgument", "%q is also the target argument", m.WorkdirArgument)
		case slices.Contains(m.PathArguments, m.WorkdirArgument):
			bad("workdirArgument", "%q is also a path argument", m.WorkdirArgument)
		}
	}
	if a, b, ok := m.collision(); ok {
		bad("pathArguments", "declared arguments %q and %q differ only in case, '_' or '-', so a host could read one as the other", a, b)
	}
	for i, o := range m.OptionalArguments {
		field := fmt.Sprintf("optionalArguments[%d]", i)
		switch {
		case o == "":
			bad(field, "empty argument name")
		case o == m.CommandArgument:
			bad(field, "%q is the command argument, which a call must always give", o)
		case !m.Declares(o):
			bad(field, "%q is not a declared path, target or working-folder argument", o)
		case slices.Contains(m.OptionalArguments[:i], o):
			bad(field, "%q is listed twice", o)
		}
	}
	seen := make(map[string]bool, len(m.PathArguments))
	for i, p := range m.PathArguments {
		field := fmt.Sprintf("pathArguments[%d]", i)
		switch {
		case p == "":
			bad(field, "empty argument name")
		case seen[p]:
			bad(field, "%q is listed twice", p)
		case p == m.TargetArgument:
			bad(field, "%q is also the target argument", p)
		case p == m.CommandArgument:
			bad(field, "%q is also the command argument", p)
		}
		seen[p] = true
	}
	if m.TargetArgument != "" && m.TargetArgument == m.CommandArgument {
		bad("targetArgument", "%q is also the command argument", m.TargetArgument)
	}
	return errors.Join(errs...)
}

// Clone returns a deep copy of m, so that a registry never shares slices with
// its caller.
func (m Metadata) Clone() Metadata {
	m.PathArguments = slices.Clone(m.PathArguments)
	m.OptionalArguments = slices.Clone(m.OptionalArguments)
	if m.Annotations != nil {
		a := *m.Annotations
		m.Annotations = &a
	}
	return m
}

// validName reports whether name can name a tool: non-empty, no surrounding
// space, no control characters.
func validName(name string) error {
	if name == "" {
		return errors.New("empty tool name")
	}
	if strings.TrimSpace(name) != name {
		return fmt.Errorf("tool name %q has surrounding space", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return fmt.Errorf("tool name %q has a control character", name)
		}
	}
	return nil
}
