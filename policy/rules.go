package policy

import (
	"errors"
	"fmt"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/toolgate/toolgate/toolmeta"
)

// compiledRule is a validated Rule ready to match.
type compiledRule struct {
	id       string
	tool     string
	literal  bool // tool has no glob characters: compare directly
	risk     toolmeta.Risk
	source   toolmeta.Source
	decision RuleDecision
}

// ValidateRules reports every problem with rules at once, each naming its
// position under field (for example "rules[2].decision").
func ValidateRules(field string, rules []Rule) error {
	_, err := compileRules(field, rules)
	return err
}

func compileRules(field string, rules []Rule) ([]compiledRule, error) {
	var errs []error
	out := make([]compiledRule, 0, len(rules))
	ids := make(map[string]bool, len(rules))
	for i, r := range rules {
		at := fmt.Sprintf("%s[%d]", field, i)
		bad := func(f, format string, args ...any) {
			errs = append(errs, fmt.Errorf("%s.%s: %s", at, f, fmt.Sprintf(format, args...)))
		}
		switch {
		case r.ID == "":
			bad("id", "a rule needs an id")
		case ids[r.ID]:
			bad("id", "%q is used twice", r.ID)
		}
		ids[r.ID] = true
		switch r.Decision {
		case RuleAsk, RuleDeny:
		case "allow":
			bad("decision", "rules only tighten: allow is not a rule decision (want ask or deny)")
		default:
			bad("decision", "%q is not a rule decision (want ask or deny)", r.Decision)
		}
		if r.Tool != "" && !doublestar.ValidatePattern(r.Tool) {
			bad("tool", "%q is not a valid glob", r.Tool)
		}
		if r.Risk != "" && !r.Risk.Valid() {
			bad("risk", "%q is not a risk", r.Risk)
		}
		if r.Source != "" && !r.Source.Valid() {
			bad("source", "%q is not a source", r.Source)
		}
		out = append(out, compiledRule{id: r.ID, tool: r.Tool, literal: !hasMeta(r.Tool), risk: r.Risk, source: r.Source, decision: r.Decision})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

func hasMeta(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '*', '?', '[', '{', '\\':
			return true
		}
	}
	return false
}

// matches reports whether r selects the call. With meta nil (an unknown
// tool) only the tool-name selector can match: a rule that selects by risk
// or source says nothing about a tool whose risk and source are unknown.
func (r *compiledRule) matches(tool string, meta *toolmeta.Metadata) bool {
	if r.risk != "" || r.source != "" {
		if meta == nil || (r.risk != "" && r.risk != meta.Risk) || (r.source != "" && r.source != meta.Source) {
			return false
		}
	}
	if r.tool == "" {
		return true
	}
	if r.literal {
		return r.tool == tool
	}
	// The pattern was validated when the rule was compiled; should matching
	// fail anyway, the rule applies: a rule only ever tightens.
	ok, err := doublestar.Match(r.tool, tool)
	return ok || err != nil
}

// matchRule returns the strictest matching rule: the first deny, else the
// first ask.
func (p *principal) matchRule(tool string, meta *toolmeta.Metadata) (*compiledRule, bool) {
	var ask *compiledRule
	for i := range p.rules {
		r := &p.rules[i]
		if !r.matches(tool, meta) {
			continue
		}
		if r.decision == RuleDeny {
			return r, true
		}
		if ask == nil {
			ask = r
		}
	}
	return ask, ask != nil
}
