package toolmeta

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func valid() Metadata {
	return Metadata{Risk: RiskWriteLocal, PathArguments: []string{"path"}, ApprovalDefault: DefaultAllow, Source: SourceBuiltin}
}

func TestValidateNamesTheFieldAtFault(t *testing.T) {
	cases := []struct {
		name   string
		edit   func(*Metadata)
		fields []string
	}{
		{"a valid tool passes", func(*Metadata) {}, nil},
		{"an unknown risk is refused", func(m *Metadata) { m.Risk = "delete" }, []string{"risk"}},
		{"an empty risk is refused", func(m *Metadata) { m.Risk = "" }, []string{"risk"}},
		{"a risk in other case is refused", func(m *Metadata) { m.Risk = "Read" }, []string{"risk"}},
		{"an unknown approval default is refused", func(m *Metadata) { m.ApprovalDefault = "yes" }, []string{"approvalDefault"}},
		{"an unknown source is refused", func(m *Metadata) { m.Source = "web" }, []string{"source"}},
		{"a command argument on a non-exec tool is refused", func(m *Metadata) { m.CommandArgument = "cmd" }, []string{"commandArgument"}},
		{"an empty path argument is refused", func(m *Metadata) { m.PathArguments = []string{""} }, []string{"pathArguments[0]"}},
		{"a repeated path argument is refused", func(m *Metadata) { m.PathArguments = []string{"a", "a"} }, []string{"pathArguments[1]"}},
		{"a path argument that is also the target is refused", func(m *Metadata) { m.TargetArgument = "path" }, []string{"pathArguments[0]"}},
		{"a target that is also the command is refused", func(m *Metadata) {
			m.Risk, m.PathArguments, m.CommandArgument, m.TargetArgument = RiskExec, nil, "x", "x"
		}, []string{"targetArgument"}},
		{"every problem is reported at once", func(m *Metadata) { m.Risk, m.Source, m.ApprovalDefault = "", "", "" },
			[]string{"risk", "approvalDefault", "source"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := valid()
			tc.edit(&m)
			err := m.Validate()
			if tc.fields == nil {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, ErrInvalid)
			for _, f := range tc.fields {
				assert.Contains(t, err.Error(), f+":")
			}
			assert.Equal(t, len(tc.fields), strings.Count(err.Error(), "\n")+1, err.Error())
		})
	}
}

func TestValidateDoesNotAllocateOnValidMetadata(t *testing.T) {
	m := valid()
	m.PathArguments = []string{"src", "dst"}
	allocs := testing.AllocsPerRun(100, func() { _ = m.Validate() })
	assert.Zero(t, allocs)
}

func TestRegistryRefusesEveryBadEntryAndChangesNothing(t *testing.T) {
	r, err := NewRegistry(map[string]Metadata{"read_file": {Risk: RiskRead, ApprovalDefault: DefaultAllow, Source: SourceBuiltin}})
	require.NoError(t, err)
	err = r.Register(map[string]Metadata{
		"ok":   valid(),
		"bad1": {Risk: "nope", ApprovalDefault: DefaultAsk, Source: SourceMCP},
		"":     valid(),
		" sp":  valid(),
	})
	require.Error(t, err)
	for _, want := range []string{`tool "bad1": risk`, `name: empty tool name`, `tool " sp": name`} {
		assert.Contains(t, err.Error(), want)
	}
	_, ok := r.Lookup("ok")
	assert.False(t, ok, "a failed Register must change nothing")
	assert.Equal(t, 1, r.Len())
}

func TestRegistryRefusesNamesThatCollide(t *testing.T) {
	_, err := NewRegistry(map[string]Metadata{"shell": valid(), "Shell": valid()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `tool "shell": name: differs from the tool "Shell" only in case`)

	r, err := NewRegistry(map[string]Metadata{"read_file": valid()})
	require.NoError(t, err)
	for _, name := range []string{"readFile", "READ-FILE", "read__file"} {
		err := r.Register(map[string]Metadata{name: valid(), "other": valid()})
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), `differs from the tool "read_file"`, name)
		_, ok := r.Lookup("other")
		assert.False(t, ok, "a refused Register changes nothing")
	}
	require.NoError(t, r.Register(map[string]Metadata{"read_file": valid(), "read_files": valid()}), "replacing a tool, or a name that differs in letters, is fine")
}

func TestRegistryCopiesWhatItIsGiven(t *testing.T) {
	m := valid()
	r, err := NewRegistry(map[string]Metadata{"w": m})
	require.NoError(t, err)
	m.PathArguments[0] = "other"
	got, ok := r.Lookup("w")
	require.True(t, ok)
	assert.Equal(t, []string{"path"}, got.PathArguments)
}

func TestRegistryLookupsRaceWithChanges(t *testing.T) {
	var r Registry
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Go(func() {
			for j := range 200 {
				name := fmt.Sprintf("t%d-%d", i, j)
				assert.NoError(t, r.Register(map[string]Metadata{name: valid()}))
				if j%3 == 0 {
					r.Remove(name)
				}
			}
		})
		wg.Go(func() {
			for range 1000 {
				if m, ok := r.Lookup("t0-1"); ok {
					assert.Equal(t, RiskWriteLocal, m.Risk)
				}
			}
		})
	}
	wg.Wait()
	n := 0
	for range r.All() {
		n++
	}
	assert.Equal(t, r.Len(), n)
}

func TestMCPToolsAreExternalAndAskWhateverTheirAnnotationsSay(t *testing.T) {
	yes, no := true, false
	for _, ann := range []*Annotations{nil, {ReadOnlyHint: &yes}, {ReadOnlyHint: &yes, DestructiveHint: &no, IdempotentHint: &yes, OpenWorldHint: &no}} {
		m := MCP("srv", ann)
		require.NoError(t, m.Validate())
		assert.Equal(t, RiskExternal, m.Risk)
		assert.Equal(t, DefaultAsk, m.ApprovalDefault)
		assert.Equal(t, SourceMCP, m.Source)
		if ann != nil {
			assert.Equal(t, ann.ReadOnlyHint, m.Annotations.ReadOnlyHint, "annotations are kept for display")
		}
	}
}

func TestOverride(t *testing.T) {
	m := MCP("files", nil)
	t.Run("the user may narrow an MCP tool", func(t *testing.T) {
		n, err := m.WithOverride(Override{Risk: RiskRead, ApprovalDefault: DefaultAllow, PathArguments: []string{"path"}})
		require.NoError(t, err)
		assert.Equal(t, RiskRead, n.Risk)
		assert.Equal(t, SourceMCP, n.Source)
		assert.Equal(t, "files", n.Server)
	})
	t.Run("an override cannot make an MCP tool exec", func(t *testing.T) {
		_, err := m.WithOverride(Override{Risk: RiskExec, ApprovalDefault: DefaultAllow})
		assert.ErrorIs(t, err, ErrInvalid)
	})
	t.Run("an invalid override is refused", func(t *testing.T) {
		_, err := m.WithOverride(Override{Risk: "none", ApprovalDefault: DefaultAllow})
		assert.ErrorIs(t, err, ErrInvalid)
	})
	t.Run("only an MCP tool takes an override", func(t *testing.T) {
		_, err := valid().WithOverride(Override{Risk: RiskRead, ApprovalDefault: DefaultAllow})
		assert.True(t, errors.Is(err, ErrNotMCP))
	})
}

func TestInferKnowsOnlyExactVettedNames(t *testing.T) {
	for _, n := range InferredNames() {
		m, ok := Infer(n)
		require.True(t, ok, n)
		require.NoError(t, m.Validate(), n)
		assert.Equal(t, SourceBuiltin, m.Source, n)
	}
	for _, n := range []string{"Read_File", "read_file ", "read_files", "mcp_read_file", "files/read_file", "shell2", "", "exec"} {
		_, ok := Infer(n)
		assert.False(t, ok, "%q must not be inferred", n)
	}
	var r Registry
	assert.Error(t, r.RegisterBuiltin("read_file", "slack_post"))
	assert.Zero(t, r.Len(), "a refused RegisterBuiltin registers nothing")
	require.NoError(t, r.RegisterBuiltin("read_file", "shell"))
	m, _ := r.Lookup("shell")
	assert.Equal(t, "command", m.CommandArgument)
}
