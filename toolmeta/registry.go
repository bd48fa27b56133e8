package toolmeta

import (
	"errors"
	"fmt"
	"iter"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
)

// Registry holds the metadata of every tool a host knows. Lookups are
// lock-free and safe for concurrent use with each other and with changes;
// a change is published whole, so a reader never sees half of it.
//
// The zero Registry is empty and ready to use.
type Registry struct {
	mu    sync.Mutex // serializes writers
	tools atomic.Pointer[map[string]Metadata]
}

// NewRegistry returns a registry holding tools, after validating every entry.
// It reports every invalid tool and field at once.
func NewRegistry(tools map[string]Metadata) (*Registry, error) {
	r := new(Registry)
	if err := r.Register(tools); err != nil {
		return nil, err
	}
	return r, nil
}

// Lookup returns the metadata of the tool called name, or false when the
// registry does not know it. The returned metadata shares its
// PathArguments with the registry: read it, never modify it.
func (r *Registry) Lookup(name string) (Metadata, bool) {
	p := r.tools.Load()
	if p == nil {
		return Metadata{}, false
	}
	m, ok := (*p)[name]
	return m, ok
}

// Len returns the number of registered tools.
func (r *Registry) Len() int {
	if p := r.tools.Load(); p != nil {
		return len(*p)
	}
	return 0
}

// All yields every registered tool in name order, from one consistent view.
func (r *Registry) All() iter.Seq2[string, Metadata] {
	return func(yield func(string, Metadata) bool) {
		p := r.tools.Load()
		if p == nil {
			return
		}
		for _, name := range slices.Sorted(maps.Keys(*p)) {
			if !yield(name, (*p)[name].Clone()) {
				return
			}
		}
	}
}

// Register adds or replaces the given tools in one step. When any entry is
// invalid, or a name differs from another tool's only in case, '_' or '-'
// (CollisionKey: a host that matches names loosely could run one for the
// other), it reports every problem and changes nothing.
func (r *Registry) Register(tools map[string]Metadata) error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(tools)) {
		if err := validName(name); err != nil {
			errs = append(errs, &FieldError{Tool: name, Field: "name", Msg: err.Error()})
			continue
		}
		m := tools[name]
		if err := m.validate(name); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	next := make(map[string]Metadata, r.Len()+len(tools))
	if p := r.tools.Load(); p != nil {
		maps.Copy(next, *p)
	}
	for name, m := range tools {
		next[name] = m.Clone()
	}
	// Two tools whose names differ only in case, '_' or '-' are one tool
	// to a host that matches names loosely, or that rewrites them to fit
	// a model's rules for function names: a call to one could run the
	// other under the first one's metadata.
	keys := make(map[string]string, len(next))
	for name := range next {
		if _, added := tools[name]; !added {
			keys[CollisionKey(name)] = name // the tools held already
		}
	}
	for _, name := range slices.Sorted(maps.Keys(tools)) {
		k := CollisionKey(name)
		if other, ok := keys[k]; ok {
			errs = append(errs, &FieldError{Tool: name, Field: "name",
				Msg: fmt.Sprintf("differs from the tool %q only in case, '_' or '-', so a host could run one for the other", other)})
			continue
		}
		keys[k] = name
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	r.tools.Store(&next)
	return nil
}

// Remove forgets the named tools; a name the registry does not hold is
// ignored. Calls to a removed tool are calls to an unknown tool.
func (r *Registry) Remove(names ...string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	p := r.tools.Load()
	if p == nil {
		return
	}
	next := maps.Clone(*p)
	for _, n := range names {
		delete(next, n)
	}
	r.tools.Store(&next)
}

// RegisterBuiltin registers a vetted built-in tool by name, with the metadata
// [Infer] gives it. It is an error for any name outside [InferredNames].
func (r *Registry) RegisterBuiltin(names ...string) error {
	tools := make(map[string]Metadata, len(names))
	var errs []error
	for _, n := range names {
		m, ok := Infer(n)
		if !ok {
			errs = append(errs, fmt.Errorf("toolmeta: %q is not a vetted built-in name; give its metadata explicitly", n))
			continue
		}
		tools[n] = m
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	return r.Register(tools)
}
