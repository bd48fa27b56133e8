package policy

import (
	"encoding/binary"
	"strings"
)

// Binding is what a session approval approves: one tool, called by one
// agent, on exactly these targets. Two calls share a Binding only when they
// name the same tool, come from the same agent ("" for the top level) and
// resolve every path argument to the same canonical path and give the same
// target and command text. A symlink swapped in after the approval, a
// different destination path, a different working folder or a call from
// another agent all make a different Binding, so the engine asks again.
// See docs/security-model.md, "Approvals".
//
// Binding is comparable and can be used as a map key.
type Binding struct {
	// Tool is the tool's name.
	Tool string `json:"tool"`
	// Agent is the agent the approval was given to; "" for the top level.
	// An approval reaches a sub-agent only when it is recorded for that
	// agent's ID: a host hands an approval down explicitly.
	Agent string `json:"agent,omitempty"`
	// Target is the canonical encoding of the call's targets made by
	// TargetKey.
	Target string `json:"target"`
}

// BindingOf returns the Binding of call c as decision d resolved it. A
// host that asks a person and is told "approve for this session" records
// BindingOf(c, d); the engine then lifts exactly the calls whose own
// Binding is equal. Only a decision the engine made for c may be given:
// its Targets carry the canonical paths.
func BindingOf(c Call, d Decision) Binding {
	return Binding{Tool: c.Tool, Agent: c.Agent, Target: TargetKey(d.Targets)}
}

// TargetKey encodes targets into one string that two target lists share
// only when they are the same arguments, in the same order, with the same
// canonical values: a path argument contributes its resolved path (so
// "./a.txt" and "a.txt" naming one file agree), a command or target
// argument its exact text. Each part is length-prefixed, so no two lists
// share a key.
func TargetKey(ts []Target) string {
	var b strings.Builder
	n := 0
	for i := range ts {
		n += len(ts[i].Argument) + len(targetValue(&ts[i])) + 4
	}
	b.Grow(n)
	var num [binary.MaxVarintLen64]byte
	for i := range ts {
		v := targetValue(&ts[i])
		b.Write(binary.AppendUvarint(num[:0], uint64(len(ts[i].Argument))))
		b.WriteString(ts[i].Argument)
		b.Write(binary.AppendUvarint(num[:0], uint64(len(v))))
		b.WriteString(v)
	}
	return b.String()
}

// targetValue is what an approval binds of one target: the canonical path
// of a path argument, the exact text of any other.
func targetValue(t *Target) string {
	if t.Resolved != "" {
		return t.Resolved
	}
	return t.Value
}
