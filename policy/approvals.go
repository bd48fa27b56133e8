package policy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/toolgate/toolgate/toolmeta"
)

// approvalKey joins a scope, a tool and a target into one map key, each
// prefixed with its length so that no two triples share a key. One string
// key is one comparison and one memory access on a hit, which keeps a
// lookup among 10,000 approvals about as fast as among 10.
func approvalKey(scope, tool, target string) string {
	var buf [256]byte
	return string(appendApprovalKey(buf[:0], scope, tool, target))
}

func appendApprovalKey(b []byte, scope, tool, target string) []byte {
	b = binary.AppendUvarint(b, uint64(len(scope)))
	b = append(b, scope...)
	b = binary.AppendUvarint(b, uint64(len(tool)))
	b = append(b, tool...)
	return append(b, target...)
}

// Approvals is an in-memory set of session and standing approvals that
// implements both SessionApprovals and StandingApprovals. It is safe for
// concurrent use; a lookup costs one map access whatever the number of
// approvals held. Package approval has a durable store.
//
// Matching is exact: the same session and Binding (tool, agent, canonical
// targets), or the same task, tool and target, byte for byte. Nothing is
// trimmed, folded or normalized.
type Approvals struct {
	mu       sync.RWMutex
	session  map[SessionApproval]bool
	standing map[string]string
	ids      map[string]bool
}

var (
	_ SessionApprovals  = (*Approvals)(nil)
	_ StandingApprovals = (*Approvals)(nil)
)

// ErrNotEligible is matched by the error returned for a standing approval
// that the security model forbids: one for a tool that is not external, or
// that declares no target argument.
var ErrNotEligible = errors.New("policy: not eligible for a standing approval")

// NewApprovals returns an empty set.
func NewApprovals() *Approvals {
	return &Approvals{session: map[SessionApproval]bool{}, standing: map[string]string{}, ids: map[string]bool{}}
}

// AddSession records a session approval. The session and the Binding's
// tool must be non-empty; the Binding is kept exactly as given, so it
// should come from BindingOf.
func (a *Approvals) AddSession(s SessionApproval) error {
	if s.Session == "" || s.Tool == "" {
		return errors.New("policy: a session approval needs a session and a tool")
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.session[s] = true
	return nil
}

// RevokeSession removes a session approval, if held.
func (a *Approvals) RevokeSession(s SessionApproval) {
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.session, s)
}

// AddStanding records a standing approval after checking that the tool is
// eligible: known to tools, external risk and a declared target argument.
// Shell and local-write tools are never eligible.
func (a *Approvals) AddStanding(s StandingApproval, tools ToolSource) error {
	if err := ValidateStanding(s, tools); err != nil {
		return err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.ids[s.ID] {
		return fmt.Errorf("policy: standing approval id %q is used twice", s.ID)
	}
	a.ids[s.ID] = true
	a.standing[approvalKey(s.Task, s.Tool, s.Target)] = s.ID
	return nil
}

// Revoke removes the standing approval with the given ID, if held.
func (a *Approvals) Revoke(id string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, v := range a.standing {
		if v == id {
			delete(a.standing, k)
		}
	}
	delete(a.ids, id)
}

// ValidateStanding checks a standing approval against the security model:
// an ID, a task, a tool known to tools whose risk is external and which
// declares a target argument, and a non-empty exact target.
func ValidateStanding(s StandingApproval, tools ToolSource) error {
	var errs []error
	if s.ID == "" {
		errs = append(errs, errors.New("id: a standing approval needs an id"))
	}
	if s.Task == "" {
		errs = append(errs, errors.New("task: a standing approval belongs to one task"))
	}
	if s.Target == "" {
		errs = append(errs, errors.New("target: a standing approval binds one exact, non-empty target"))
	}
	switch m, ok := lookup(tools, s.Tool); {
	case s.Tool == "":
		errs = append(errs, errors.New("tool: a standing approval names one tool"))
	case !ok:
		errs = append(errs, fmt.Errorf("tool: %q is not a known tool", s.Tool))
	case m.Risk != toolmeta.RiskExternal:
		errs = append(errs, fmt.Errorf("tool: %q has risk %s; only external tools may have standing approvals: %w", s.Tool, m.Risk, ErrNotEligible))
	case m.TargetArgument == "":
		errs = append(errs, fmt.Errorf("tool: %q declares no target argument, so no exact target can be bound: %w", s.Tool, ErrNotEligible))
	}
	return errors.Join(errs...)
}

func lookup(tools ToolSource, name string) (toolmeta.Metadata, bool) {
	if tools == nil {
		return toolmeta.Metadata{}, false
	}
	return tools.Lookup(name)
}

// SessionApproved implements SessionApprovals.
func (a *Approvals) SessionApproved(session string, b Binding) bool {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.session[SessionApproval{Session: session, Binding: b}]
}

// StandingApproval implements StandingApprovals.
func (a *Approvals) StandingApproval(task, tool, target string) (string, bool) {
	var buf [256]byte
	key := appendApprovalKey(buf[:0], task, tool, target)
	a.mu.RLock()
	defer a.mu.RUnlock()
	id, ok := a.standing[string(key)]
	return id, ok
}
