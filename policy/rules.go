package policy

import (
	"errors"
	"fmt"

	"github.com/toolgate/toolgate/toolmeta"
)

// compiledRule is a validated Rule ready to match.
type compiledRule struct {
	id       string
	tool     string
	literal  bool // tool has no glob characters: compare directly
	glob     glob // the compiled pattern, when not literal
	risk     toolmeta.Risk
	source   toolmeta.Source
	decision RuleDecision
}

// ValidateRules reports every problem with rules at once, each naming its
// position under field (for example "rules[2].decision").
//
// A rule's Tool is a glob over the whole tool name: '*' matches any run of
// characters, including the '/' of MCP-style names ("github/*" matches
// "github/delete_repo", "*_delete*" matches "gitlab/repo_delete"), '?' one
// character, '[...]' a class and '{a,b}' either alternative; a '\'
// escapes the next character. A lone "*" matches every tool.
func ValidateRules(field string, rules []Rule) error {
	_, err := compileRules(field, rules)
	return err
}

// ruleSet is a principal's compiled rules, indexed so that matching a call
// costs about the same against one rule as against a hundred: rules that
// name one tool exactly are found by a map lookup, and only the rules with
// a pattern (or with no tool selector) are tried one by one.
type ruleSet struct {
	all    []compiledRule
	byTool map[string][]int // exact tool name -> indices into all, in order
	// patterns are the rules with a tool pattern or no tool selector: by
	// the first byte of the pattern's literal prefix, and (anyFirst) those
	// whose prefix is empty. A tool is tried only against the patterns it
	// can match.
	patterns map[byte][]int
	anyFirst []int
}

func compileRules(field string, rules []Rule) (ruleSet, error) {
	var errs []error
	rs := ruleSet{all: make([]compiledRule, 0, len(rules))}
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
		var g glob
		if r.Tool != "" && hasMeta(r.Tool) {
			var err error
			if g, err = compileGlob(r.Tool); err != nil {
				bad("tool", "%v", err)
			}
		}
		if r.Risk != "" && !r.Risk.Valid() {
			bad("risk", "%q is not a risk", r.Risk)
		}
		if r.Source != "" && !r.Source.Valid() {
			bad("source", "%q is not a source", r.Source)
		}
		cr := compiledRule{id: r.ID, tool: r.Tool, literal: r.Tool != "" && !hasMeta(r.Tool), glob: g,
			risk: r.Risk, source: r.Source, decision: r.Decision}
		rs.all = append(rs.all, cr)
	}
	if err := errors.Join(errs...); err != nil {
		return ruleSet{}, err
	}
	for i := range rs.all {
		if r := &rs.all[i]; r.literal {
			if rs.byTool == nil {
				rs.byTool = make(map[string][]int)
			}
			rs.byTool[r.tool] = append(rs.byTool[r.tool], i)
		} else if pre := r.prefix(); pre == "" {
			rs.anyFirst = append(rs.anyFirst, i)
		} else {
			if rs.patterns == nil {
				rs.patterns = make(map[byte][]int)
			}
			rs.patterns[pre[0]] = append(rs.patterns[pre[0]], i)
		}
	}
	return rs, nil
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
	return r.glob.match(tool)
}

// prefix is the literal text every tool the rule matches starts with: ""
// for a rule without a tool selector.
func (r *compiledRule) prefix() string {
	if r.tool == "" {
		return ""
	}
	return r.glob.prefix
}

// matchRule returns the strictest matching rule: the first deny in the
// rules' order, else the first ask.
func (p *principal) matchRule(tool string, meta *toolmeta.Metadata) (*compiledRule, bool) {
	best := -1
	for _, i := range p.rules.byTool[tool] {
		best = p.rules.better(i, best, tool, meta)
	}
	if tool != "" {
		for _, i := range p.rules.patterns[tool[0]] {
			best = p.rules.better(i, best, tool, meta)
		}
	}
	for _, i := range p.rules.anyFirst {
		best = p.rules.better(i, best, tool, meta)
	}
	if best < 0 {
		return nil, false
	}
	return &p.rules.all[best], true
}

// better returns rule i in place of the best so far (an index, or -1) when
// i matches and is stricter, or as strict and earlier in the rules' order.
func (rs *ruleSet) better(i, best int, tool string, meta *toolmeta.Metadata) int {
	r := &rs.all[i]
	if !r.matches(tool, meta) {
		return best
	}
	if best < 0 || stricterRule(r, &rs.all[best]) || (r.decision == rs.all[best].decision && i < best) {
		return i
	}
	return best
}

// stricterRule reports whether r's decision is stricter than s's: a deny
// beats an ask.
func stricterRule(r, s *compiledRule) bool {
	return r.decision == RuleDeny && s.decision != RuleDeny
}
